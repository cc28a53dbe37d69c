import { z } from 'zod';
import { ZName } from './names.ts';

/**
 * The operator console's API: the product's own staff, with accounts and sessions of their own
 * (never a seller's). Everything under /api/ops except sign-in needs an operator's token.
 */
export const OPS_PREFIX = '/api/ops';

export const operatorPaths = {
  signIn: `${OPS_PREFIX}/sign-in`,
  signOut: `${OPS_PREFIX}/sign-out`,
  me: `${OPS_PREFIX}/me`,
  /** GET: every operator with their role, paged (any operator reads it). */
  operators: `${OPS_PREFIX}/operators`,
  /** PATCH { role }: give an operator another role ('operators' permission; never the last admin away). */
  operatorRole: `${OPS_PREFIX}/operators/:id/role`,
} as const;

/**
 * What an operator may do in the console. Every console route declares one of these
 * (`config.operatorPermission`, checked by the operator scope on the server), and the console shows
 * only what the signed-in operator's permissions allow. Every role holds 'read'.
 *
 * - read: every GET of the console, and the operator's own session (me, sign-out);
 * - coupons: create coupons and issue them to tenants;
 * - warehouse-links: link a tenant to a warehouse provider;
 * - money: anything that moves or decides money: withdrawal reviews, payment-note and credit-line
 *   decisions, manual warehouse fee/bill/rent entries and imports, third-party entries, refunds,
 *   and deciding four-eyes proposals (the second operator of a large move needs it too);
 * - partners: supplier application reviews, distributor flags and commission rates;
 * - catalogue: plans, value-added packages, top-up amounts, warehouse providers and their settings;
 * - operators: change operators' roles.
 */
export const OPERATOR_PERMISSIONS = [
  'read',
  'coupons',
  'warehouse-links',
  'money',
  'partners',
  'catalogue',
  'operators',
] as const;
export type TOperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/** An operator's role; `ops:create-operator --role` sets it (support by default), an admin changes it. */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];
export const ZOperatorRole = z.enum(OPERATOR_ROLES);

/**
 * The one map from role to permissions (the server enforces it, the console reads it from `me`):
 * support reads and helps tenants but moves no money, finance moves money, admin does everything.
 */
export const OPERATOR_ROLE_PERMISSIONS: Readonly<Record<TOperatorRole, readonly TOperatorPermission[]>> = {
  support: ['read', 'coupons', 'warehouse-links'],
  finance: ['read', 'money'],
  admin: OPERATOR_PERMISSIONS,
};

export function operatorRoleCan(role: TOperatorRole, permission: TOperatorPermission): boolean {
  return OPERATOR_ROLE_PERMISSIONS[role].includes(permission);
}

/** Operator account names: letters, digits, dot, dash and underscore. */
export const ZOperatorAccountName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,64}$/, '3 to 64 letters, digits, dots, dashes or underscores');

/** An operator's display name: a name like any other (see names.ts). */
export const ZOperatorDisplayName = ZName().max(64);

/** Operators hold wide powers, so their passwords are long: 12 to 128 characters. */
export const ZOperatorPassword = z.string().min(12).max(128);

export const ZOperatorSignInRequest = z.object({
  account_name: ZOperatorAccountName,
  // Any length is checked against the stored hash; the length rule applies when it is set.
  password: z.string().min(1).max(128),
  /**
   * The authenticator's current 6-digit code, or one unused recovery code. Optional in shape only:
   * a missing code is refused with the same answer as a wrong password.
   */
  otp: z.string().max(64).optional(),
});
export type TOperatorSignInRequest = z.infer<typeof ZOperatorSignInRequest>;

export const ZOperator = z.object({
  operator_id: z.number().int(),
  account_name: z.string(),
  display_name: z.string(),
  role: ZOperatorRole,
  /** What the role allows (OPERATOR_ROLE_PERMISSIONS[role]), so the console hides the rest. */
  permissions: z.array(z.enum(OPERATOR_PERMISSIONS)),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZOperatorSignInResult = ZOperator.extend({
  /** Sent back as the `Authorization` header on every /api/ops call. */
  authorization: z.string(),
  expires_in: z.number().int(),
});
export type TOperatorSignInResult = z.infer<typeof ZOperatorSignInResult>;

export const ZOpsOperatorQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(10), z.literal(20), z.literal(50)]))
    .default(20),
});
export type TOpsOperatorQuery = z.infer<typeof ZOpsOperatorQuery>;

/** One operator in the console's operators list. */
export const ZOpsOperator = z.object({
  operator_id: z.number().int(),
  account_name: z.string(),
  display_name: z.string(),
  role: ZOperatorRole,
  /** 1 enabled, 0 disabled (disabled operators cannot sign in). */
  status: z.number().int(),
  created_at: z.string(),
});
export type TOpsOperator = z.infer<typeof ZOpsOperator>;
export const ZOpsOperatorPage = z.object({ total: z.number().int(), data: z.array(ZOpsOperator) });

export const ZOpsOperatorParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ZOpsOperatorRoleUpdate = z.object({ role: ZOperatorRole });
export type TOpsOperatorRoleUpdate = z.infer<typeof ZOpsOperatorRoleUpdate>;
