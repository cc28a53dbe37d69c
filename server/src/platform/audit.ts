import type { TAuditAction, TAuditLogQuery } from '@seller-centre/contract/audit';
import { toJsonb, type Db } from '../db/client.ts';
import type { AccessContext } from './permissions.ts';

/**
 * The audit log (table `audit_log`): who changed which role, permission, employee or data
 * authority. Any module writes its entry with `writeAudit`, in the transaction of the change;
 * the audit module's page reads it back with `findAuditEntries`.
 */

export type AuditRecord = {
  action: TAuditAction;
  targetType: 'role' | 'employee';
  targetId: number;
  before: unknown;
  after: unknown;
};

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function writeAudit(tx: Db, ctx: AccessContext, record: AuditRecord): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({
      main_id: ctx.principal.mainId,
      actor_id: ctx.principal.userId,
      actor_name: ctx.principal.userName,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      before: record.before === undefined ? null : toJsonb(record.before),
      after: record.after === undefined ? null : toJsonb(record.after),
      ip: ctx.ip.slice(0, 64),
    })
    .execute();
}

export async function findAuditEntries(db: Db, mainId: number, query: TAuditLogQuery) {
  const filtered = db
    .selectFrom('audit_log')
    .where('main_id', '=', mainId)
    .$if(Boolean(query.target_type), (q) => q.where('target_type', '=', query.target_type!))
    .$if(Boolean(query.action), (q) => q.where('action', '=', query.action!));
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select([
      'id',
      'actor_id',
      'actor_name',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
      'ip',
      'created_at',
    ])
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { total, rows };
}
