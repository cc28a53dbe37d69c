import { BUILTIN_ROLE_ID, type TRole } from '@seller-centre/contract/roles';

/** Role 1 is the built-in top role: it cannot be edited, set up, toggled or deleted (docs/product.md). */
export function isBuiltinRole(role: Pick<TRole, 'id'>): boolean {
  return role.id === BUILTIN_ROLE_ID;
}

/** What the status action does: an enabled role is disabled (after a confirmation), and back. */
export function nextRoleStatus(role: Pick<TRole, 'status'>): 0 | 1 {
  return role.status === 1 ? 0 : 1;
}

/** Enabling goes straight through; disabling asks first (docs/product.md). */
export function needsStatusConfirmation(role: Pick<TRole, 'status'>): boolean {
  return nextRoleStatus(role) === 0;
}

/** created_at, falling back to added_time (docs/product.md). */
export function roleCreatedAt(role: Pick<TRole, 'created_at' | 'added_time'>): string {
  return role.created_at || role.added_time;
}
