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

/** What an operator did in the console (table `operator_audit_log`, apart from the tenants' log). */
export type OperatorAuditRecord = {
  action: 'coupon.issue' | (string & {});
  targetType: string;
  targetId: number;
  /** The tenant the action touched, if any. */
  mainId: number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one operator audit entry; call it with the transaction that makes the change. */
export async function writeOperatorAudit(
  tx: Db,
  actor: { operatorId: number; accountName: string; ip: string },
  record: OperatorAuditRecord,
): Promise<void> {
  await tx
    .insertInto('operator_audit_log')
    .values({
      operator_id: actor.operatorId,
      operator_name: actor.accountName,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      main_id: record.mainId,
      before: record.before === undefined ? null : toJsonb(record.before),
      after: record.after === undefined ? null : toJsonb(record.after),
      ip: actor.ip.slice(0, 64),
    })
    .execute();
}

/** The newest operator audit entries touching one target (for the console and its tests). */
export async function findOperatorAuditEntries(db: Db, target: { targetType: string; targetId: number }) {
  return db
    .selectFrom('operator_audit_log')
    .select([
      'id',
      'operator_id',
      'operator_name',
      'action',
      'target_type',
      'target_id',
      'main_id',
      'before',
      'after',
      'ip',
      'created_at',
    ])
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}
