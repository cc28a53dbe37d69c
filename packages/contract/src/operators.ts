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
} as const;

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
});
export type TOperatorSignInRequest = z.infer<typeof ZOperatorSignInRequest>;

export const ZOperator = z.object({
  operator_id: z.number().int(),
  account_name: z.string(),
  display_name: z.string(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZOperatorSignInResult = ZOperator.extend({
  /** Sent back as the `Authorization` header on every /api/ops call. */
  authorization: z.string(),
  expires_in: z.number().int(),
});
export type TOperatorSignInResult = z.infer<typeof ZOperatorSignInResult>;
