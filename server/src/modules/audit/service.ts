import type { TAuditEntry, TAuditLogQuery } from '@seller-centre/contract/audit';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import type { Queryable } from '../../db/client.ts';
import { translate } from '../../platform/i18n.ts';
import { requireMainAccount, type AccessContext } from '../../platform/permissions.ts';
import { findAuditEntries, findNames, type AuditRow } from './repository.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The role ids an entry's before and after point at (an employee's role change). */
function roleIdsOf(row: AuditRow): number[] {
  return [row.before, row.after]
    .filter(isRecord)
    .map((state) => state.auth_role_id)
    .filter((id): id is number => typeof id === 'number');
}

/** The name the entry recorded for its target (a deleted role keeps only that). */
function recordedName(row: AuditRow): string {
  for (const state of [row.after, row.before]) {
    if (!isRecord(state)) continue;
    for (const key of ['name', 'user_name']) {
      const value = state[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return '';
}

/**
 * The audit log of the caller's tenant, newest first, with names where the rows hold ids:
 * who was changed and which roles an employee moved between. Main accounts only.
 */
export async function findAuditLog(
  db: Queryable,
  ctx: AccessContext,
  query: TAuditLogQuery,
): Promise<{ total: number; data: TAuditEntry[] }> {
  requireMainAccount(ctx.principal);
  const { total, rows } = await findAuditEntries(db, ctx.principal.mainId, query);
  const roleIds = new Set<number>();
  const userIds = new Set<number>();
  for (const row of rows) {
    if (row.target_type === 'role') roleIds.add(Number(row.target_id));
    if (row.target_type === 'employee') userIds.add(Number(row.target_id));
    roleIdsOf(row).forEach((id) => roleIds.add(id));
  }
  const names = await findNames(db, ctx.principal.mainId, { roles: [...roleIds], users: [...userIds] });
  const roleName = (id: number) =>
    id === BUILTIN_ROLE_ID ? translate(ctx.lang, 'builtinRoleName') : names.roles.get(id);

  return {
    total,
    data: rows.map((r) => {
      const targetId = Number(r.target_id);
      const current = r.target_type === 'role' ? roleName(targetId) : names.users.get(targetId);
      return {
        id: Number(r.id),
        actor_id: Number(r.actor_id),
        actor_name: r.actor_name,
        action: r.action,
        target_type: r.target_type,
        target_id: targetId,
        target_name: current ?? recordedName(r),
        before: r.before,
        after: r.after,
        ip: r.ip,
        created_at: new Date(r.created_at).toISOString(),
        role_names: Object.fromEntries(
          roleIdsOf(r).flatMap((id) => {
            const name = roleName(id);
            return name === undefined ? [] : [[String(id), name]];
          }),
        ),
      };
    }),
  };
}
