import type {
  TOperatorAuditEntry,
  TOperatorAuditFilter,
  TOperatorAuditPage,
  TOperatorAuditQuery,
} from '@seller-centre/contract/tenant-ops';
import type { Db } from '../../db/client.ts';
import { findOperatorAuditPage, operatorAuditBatches, type OperatorAuditFilter } from '../../platform/audit.ts';
import { csvHead, csvLine } from '../../platform/csv.ts';

/**
 * The console's operator audit log. The table belongs to platform/audit.ts (every module writes
 * its entries there); this is its reader for operators, beside the tenants' audit log page.
 */

/** The operator audit log row as the API answers it. */
export function auditEntryOf(row: {
  id: number | string;
  operator_id: number | string;
  operator_name: string;
  action: string;
  target_type: string;
  target_id: number | string;
  main_id: number | string | null;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: Date;
}): TOperatorAuditEntry {
  return {
    id: Number(row.id),
    operator_id: Number(row.operator_id),
    operator_name: row.operator_name,
    action: row.action,
    target_type: row.target_type,
    target_id: Number(row.target_id),
    tenant_id: row.main_id === null ? null : Number(row.main_id),
    before: row.before,
    after: row.after,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  };
}

function filterOf(q: TOperatorAuditFilter): OperatorAuditFilter {
  return {
    operatorName: q.operator_name || undefined,
    tenantId: q.tenant_id,
    actionPrefix: q.action || undefined,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

export async function listOperatorAudit(db: Db, q: TOperatorAuditQuery): Promise<TOperatorAuditPage> {
  const { total, rows } = await findOperatorAuditPage(db, { ...filterOf(q), page: q.page, pageSize: q.page_size });
  return { total, data: rows.map(auditEntryOf) };
}

const CSV_HEADER = [
  'id',
  'time',
  'operator_id',
  'operator',
  'action',
  'target_type',
  'target_id',
  'tenant_id',
  'before',
  'after',
  'ip',
];

/** The filter's entries as CSV text, newest first, a batch at a time. */
export async function* operatorAuditCsv(db: Db, q: TOperatorAuditFilter): AsyncGenerator<string> {
  yield csvHead(CSV_HEADER);
  for await (const rows of operatorAuditBatches(db, filterOf(q))) {
    let text = '';
    for (const row of rows.map(auditEntryOf)) {
      text += csvLine([
        row.id,
        row.created_at,
        row.operator_id,
        row.operator_name,
        row.action,
        row.target_type,
        row.target_id,
        row.tenant_id,
        row.before === null ? '' : JSON.stringify(row.before),
        row.after === null ? '' : JSON.stringify(row.after),
        row.ip,
      ]);
    }
    yield text;
  }
}
