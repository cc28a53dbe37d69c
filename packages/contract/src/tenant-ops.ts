import { z } from 'zod';
import { optionalId } from './ids.ts';
import { OPS_PREFIX } from './operators.ts';
import { ZOpsTenant } from './ops.ts';
import { ZOrderSummary } from './orders.ts';
import { ZUserPackage } from './packages.ts';
import { ZProposal } from './proposals.ts';
import { ZQuotaBalances } from './quota.ts';
import { ZWithdrawalRow } from './distribution.ts';
import { ZOpsLink, ZWmsBalance } from './warehouse.ts';

/**
 * The console's tenant page (one tenant, whole) and the operator audit log. Every figure on the
 * tenant page is what the tenant's own pages answer: the server reads each through the owning
 * module's service, with the tenant's main account as the reader.
 */
export const tenantOpsPaths = {
  /** GET: everything about one tenant (plans, quota, balances, open work, links, audit). */
  overview: `${OPS_PREFIX}/tenants/:id/overview`,
  /** GET: the operator audit log, filtered and paged. */
  auditLog: `${OPS_PREFIX}/audit-log`,
  /** GET: the same filter as a CSV file. */
  auditLogExport: `${OPS_PREFIX}/audit-log/export`,
} as const;

export const ZTenantOverviewParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** One operator audit entry as the console shows it. */
export const ZOperatorAuditEntry = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
});
export type TOperatorAuditEntry = z.infer<typeof ZOperatorAuditEntry>;

/** A warehouse account of the tenant: its link and the balance the tenant's cloud bill shows. */
export const ZTenantWarehouseAccount = z.object({
  wws_id: z.number().int(),
  name: z.string(),
  /** null when the provider did not answer (a remote adapter down): the rest of the page still shows. */
  balance: ZWmsBalance.nullable(),
});

export const ZTenantOverview = z.object({
  tenant: ZOpsTenant,
  /** The plan of each system (1 ERP, 2 selection), as the tenant's package page reads it. */
  plans: z.array(z.object({ system: z.number().int(), package: ZUserPackage })),
  quota: ZQuotaBalances,
  balances: z.object({
    /** Yuan: the third-party balance of My bill. */
    third_party: z.string(),
    /** Yuan: the distribution balance available to withdraw. */
    distribution: z.string(),
    warehouses: z.array(ZTenantWarehouseAccount),
  }),
  open_orders: z.object({ total: z.number().int(), data: z.array(ZOrderSummary) }),
  pending_withdrawals: z.object({ total: z.number().int(), data: z.array(ZWithdrawalRow) }),
  pending_proposals: z.object({ total: z.number().int(), data: z.array(ZProposal) }),
  links: z.array(ZOpsLink),
  audit: z.array(ZOperatorAuditEntry),
});
export type TTenantOverview = z.infer<typeof ZTenantOverview>;

const isoTime = z.iso.datetime({ offset: true }).optional();

export const ZOperatorAuditFilter = z.object({
  /** The operator's account name, exactly. */
  operator_name: z.string().trim().max(64).optional(),
  tenant_id: optionalId(),
  /** Actions starting with this text (`coupon.`, `warehouse.fee`). */
  action: z.string().trim().max(64).optional(),
  from: isoTime,
  to: isoTime,
});
export type TOperatorAuditFilter = z.infer<typeof ZOperatorAuditFilter>;

export const ZOperatorAuditQuery = ZOperatorAuditFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOperatorAuditQuery = z.infer<typeof ZOperatorAuditQuery>;
export const ZOperatorAuditPage = z.object({ total: z.number().int(), data: z.array(ZOperatorAuditEntry) });
export type TOperatorAuditPage = z.infer<typeof ZOperatorAuditPage>;
