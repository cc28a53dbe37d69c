import { z } from 'zod';
import { ZName } from './names.ts';
import { VALIDATION } from './validation.ts';
import type { TPermissionKind } from './permissions.ts';

/**
 * Roles (docs/product.md; docs/product.md). Paths of docs/product.md are exact;
 * the function-menu save and the all-roles list (docs/product.md, shapes only) are ours.
 */
export const rolePaths = {
  /** GET list (page, limit, name, status) · POST create · PUT edit · DELETE (id in query or body). */
  roles: '/api/v1/auth/role',
  /** PUT {id, status} */
  status: '/api/v1/auth/role/status',
  /** GET ?id= : the users holding a role. */
  users: '/api/v1/auth/role/users',
  /** GET ?id= : the permission tree with `select` flags · PUT {id, function_menu_ids}. */
  functionMenu: '/api/v1/auth/role/function/menu',
  /** GET: every role of the tenant for choosing (id, name, status). */
  all: '/api/v1/auth/role/all',
} as const;

/** The built-in top role: shared by every tenant, held by each main account, never changed. */
export const BUILTIN_ROLE_ID = 1;

export const ROLE_PAGE_SIZES = [10, 20, 30] as const;
export const ROLE_NAME_MAX = 32;
export const ROLE_DESCRIBE_MAX = 32;

export const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const ZStatus = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]));
export const ZPageSize = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(10), z.literal(20), z.literal(30)]));

export const ZRoleListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: ZPageSize.default(10),
  name: z.string().trim().max(ROLE_NAME_MAX).optional(),
  /** 1 enabled (the default filter), 0 disabled ('show disabled roles'). */
  status: ZStatus.default(1),
});
export type TRoleListQuery = z.infer<typeof ZRoleListQuery>;

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  describe: z.string(),
  people_num: z.number().int(),
  status: z.number().int(),
  /** ISO 8601 */
  created_at: z.string(),
  /** The same instant as created_at (older clients read this name). */
  added_time: z.string(),
  created_user: z.string(),
  update_at: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleList = z.object({ total: z.number().int(), data: z.array(ZRole) });
export type TRoleList = z.infer<typeof ZRoleList>;

const ZRoleName = ZName().min(1).max(ROLE_NAME_MAX);
const ZRoleDescribe = ZName().max(ROLE_DESCRIBE_MAX);

export const ZCreateRoleRequest = z.object({ name: ZRoleName, describe: ZRoleDescribe.default('') });
export type TCreateRoleRequest = z.input<typeof ZCreateRoleRequest>;

export const ZUpdateRoleRequest = z.object({ id: ZId, name: ZRoleName, describe: ZRoleDescribe.default('') });
export type TUpdateRoleRequest = z.input<typeof ZUpdateRoleRequest>;

export const ZDeleteRoleRequest = z.object({ id: ZId });
export type TDeleteRoleRequest = z.infer<typeof ZDeleteRoleRequest>;

export const ZRoleStatusRequest = z.object({ id: ZId, status: ZStatus });
export type TRoleStatusRequest = z.infer<typeof ZRoleStatusRequest>;

export const ZRoleIdQuery = z.object({ id: ZId });
export type TRoleIdQuery = z.infer<typeof ZRoleIdQuery>;

export const ZRoleUser = z.object({ user_id: z.number().int(), user_name: z.string() });
export type TRoleUser = z.infer<typeof ZRoleUser>;

/** A node of the permission settings tree; `select` tells whether the role holds it. */
export type TRoleMenuNode = {
  id: number;
  kind: TPermissionKind;
  name: string;
  select: boolean;
  /** 250, 254, 255: always selected, checkbox disabled. */
  locked: boolean;
  child_list: TRoleMenuNode[];
};
/**
 * The tree is at most five levels deep (tab > group > service > page > button), so the schema is
 * spelled out level by level instead of recursively: the OpenAPI document stays self-contained.
 */
function menuNode<C extends z.ZodType>(child: C) {
  return z.object({
    id: z.number().int(),
    kind: z.enum(['tab', 'group', 'service', 'page', 'button']),
    name: z.string(),
    select: z.boolean(),
    locked: z.boolean(),
    child_list: z.array(child),
  });
}
export const ZRoleMenuNode = menuNode(menuNode(menuNode(menuNode(menuNode(z.never())))));

/** Saves a role's grant: the chosen ids, comma-joined (docs/api.md). */
export const ZSetRoleFunctionMenuRequest = z.object({
  id: ZId,
  function_menu_ids: z
    .string()
    .trim()
    .max(10_000)
    .regex(/^(\d{1,9}(,\d{1,9})*)?$/, VALIDATION.commaJoinedIds),
});
export type TSetRoleFunctionMenuRequest = z.infer<typeof ZSetRoleFunctionMenuRequest>;

/** The saved grant, normalised (ancestors and locked ids added), ascending. */
export const ZRoleFunctionMenuSaved = z.object({ id: z.number().int(), function_menu_ids: z.array(z.number().int()) });

export const ZRoleChoice = z.object({ id: z.number().int(), name: z.string(), status: z.number().int() });
export type TRoleChoice = z.infer<typeof ZRoleChoice>;
