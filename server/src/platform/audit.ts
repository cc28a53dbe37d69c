import type { TAuditAction, TAuditLogQuery } from '@seller-centre/contract/audit';
import { toJsonb, type Db } from '../db/client.ts';
import type { AccessContext } from './permissions.ts';
import type { OperatorContext } from './operator-auth.ts';

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
      main_id: ctx.principal.tenantId,
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

export async function findAuditEntries(db: Db, tenantId: number, query: TAuditLogQuery) {
  const filtered = db
    .selectFrom('audit_log')
    .where('main_id', '=', tenantId)
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
  tenantId: number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one operator audit entry; call it with the transaction that makes the change. */
export async function writeOperatorAudit(
  tx: Db,
  actor: Pick<OperatorContext, 'operatorId' | 'accountName' | 'ip'>,
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
      main_id: record.tenantId,
      before: record.before === undefined ? null : toJsonb(record.before),
      after: record.after === undefined ? null : toJsonb(record.after),
      ip: actor.ip.slice(0, 64),
    })
    .execute();
}

/** What a listed operator audit entry shows. */
const OPERATOR_AUDIT_COLUMNS = [
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
] as const;

/** The newest operator audit entries touching one target (for the console and its tests). */
export async function findOperatorAuditEntries(db: Db, target: { targetType: string; targetId: number }) {
  return db
    .selectFrom('operator_audit_log')
    .select(OPERATOR_AUDIT_COLUMNS)
    .where('target_type', '=', target.targetType)
    .where('target_id', '=', target.targetId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** The console's audit-log filter: operator name exactly, tenant, action prefix, time range. */
export type OperatorAuditFilter = {
  operatorName?: string | undefined;
  tenantId?: number | undefined;
  actionPrefix?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};


function operatorAuditFiltered(db: Db, f: OperatorAuditFilter) {
  return (
    db
      .selectFrom('operator_audit_log')
      .$if(Boolean(f.operatorName), (q) => q.where('operator_name', '=', f.operatorName!))
      .$if(f.tenantId !== undefined, (q) => q.where('main_id', '=', f.tenantId!))
      // A prefix, not a pattern: LIKE's own characters in the input are escaped.
      .$if(Boolean(f.actionPrefix), (q) =>
        q.where('action', 'like', `${f.actionPrefix!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      )
      .$if(f.from !== undefined, (q) => q.where('created_at', '>=', f.from!))
      .$if(f.to !== undefined, (q) => q.where('created_at', '<', f.to!))
  );
}

/** One page of the operator audit log, newest first, with the filter's total. */
export async function findOperatorAuditPage(
  db: Db,
  f: OperatorAuditFilter & { page: number; pageSize: number },
) {
  const [rows, count] = await Promise.all([
    operatorAuditFiltered(db, f)
      .select([...OPERATOR_AUDIT_COLUMNS])
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    operatorAuditFiltered(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows };
}

/**
 * Every entry of the filter, newest first, read in pages of `batch` by id (keyset), so an export
 * of a long log never holds it all in memory.
 */
export async function* operatorAuditBatches(db: Db, f: OperatorAuditFilter, batch = 1000) {
  let before: number | undefined;
  for (;;) {
    const rows = await operatorAuditFiltered(db, f)
      .select([...OPERATOR_AUDIT_COLUMNS])
      .$if(before !== undefined, (q) => q.where('id', '<', before!))
      .orderBy('id', 'desc')
      .limit(batch)
      .execute();
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}
