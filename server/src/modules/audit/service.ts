import type { TAuditEntry, TAuditLogQuery } from '@seller-centre/contract/audit';
import type { Db } from '../../db/client.ts';
import { findAuditEntries } from '../../platform/audit.ts';
import { requireMainAccount, type AccessContext } from '../../platform/permissions.ts';
import { findAccountNames } from '../accounts/service.ts';
import { findRoleNames } from '../roles/service.ts';

type AuditRow = Awaited<ReturnType<typeof findAuditEntries>>['rows'][number];

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
  db: Db,
  ctx: AccessContext,
  query: TAuditLogQuery,
): Promise<{ total: number; data: TAuditEntry[] }> {
  requireMainAccount(ctx.principal);
  const { total, rows } = await findAuditEntries(db, ctx.principal.tenantId, query);
  const roleIds = new Set<number>();
  const userIds = new Set<number>();
  for (const row of rows) {
    if (row.target_type === 'role') roleIds.add(row.target_id);
    if (row.target_type === 'employee') userIds.add(row.target_id);
    roleIdsOf(row).forEach((id) => roleIds.add(id));
  }
  const roleNames = await findRoleNames(db, ctx, [...roleIds]);
  const userNames = await findAccountNames(db, ctx.principal.tenantId, [...userIds]);

  return {
    total,
    data: rows.map((r) => {
      const current = r.target_type === 'role' ? roleNames.get(r.target_id) : userNames.get(r.target_id);
      return {
        id: r.id,
        actor_id: r.actor_id,
        actor_name: r.actor_name,
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        target_name: current ?? recordedName(r),
        before: r.before,
        after: r.after,
        ip: r.ip,
        created_at: r.created_at.toISOString(),
        role_names: Object.fromEntries(
          roleIdsOf(r).flatMap((id) => {
            const name = roleNames.get(id);
            return name === undefined ? [] : [[String(id), name]];
          }),
        ),
      };
    }),
  };
}
