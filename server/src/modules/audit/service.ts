import type { TAuditEntry, TAuditLogQuery } from '@seller-centre/contract/audit';
import type { Db } from '../../db/client.ts';
import { findAuditEntries } from '../../platform/audit.ts';
import { requireMainAccount, type AccessContext } from '../../platform/permissions.ts';

/** The audit log of the caller's tenant, newest first. Main accounts only. */
export async function findAuditLog(
  db: Db,
  ctx: AccessContext,
  query: TAuditLogQuery,
): Promise<{ total: number; data: TAuditEntry[] }> {
  requireMainAccount(ctx.principal);
  const { total, rows } = await findAuditEntries(db, ctx.principal.mainId, query);
  return {
    total,
    data: rows.map((r) => ({
      id: r.id,
      actor_id: r.actor_id,
      actor_name: r.actor_name,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: r.created_at.toISOString(),
    })),
  };
}
