import type { TLanguage } from '@seller-centre/contract/i18n';
import type { TTenantOverview } from '@seller-centre/contract/tenant-ops';
import { ZThirdPartyListRequest } from '@seller-centre/contract/third-party';
import { ZWmsBalance } from '@seller-centre/contract/warehouse';
import type { Db } from '../../db/client.ts';
import { findOperatorAuditPage } from '../../platform/audit.ts';
import { mainAccountPrincipal } from '../../platform/auth.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import type { WarehouseRegistry } from '../../providers/warehouse/provider.ts';
import { auditEntryOf } from '../audit/ops-service.ts';
import { findTenant } from '../coupons/ops-service.ts';
import { getDistributionBalance, listWithdrawals } from '../distribution/service.ts';
import { listOrders } from '../orders/ops-service.ts';
import { getUserPackage } from '../packages/service.ts';
import { listProposals } from '../proposals/service.ts';
import { listQuotaBalances } from '../quota/service.ts';
import { listThirdPartyBill } from '../third-party/service.ts';
import { listLinksForOperator } from '../warehouse/ops-service.ts';
import { listProviders, runWmsUnit } from '../warehouse/service.ts';

/**
 * The console's tenant page: one tenant, whole. It owns no table. Each figure is read through the
 * owning module's service, and where the tenant has a page of its own, through the very function
 * that page calls, with the tenant's main account as the reader (`mainAccountPrincipal`): so a
 * balance here is the balance the tenant sees, by construction rather than by a second query.
 */

/** How many of each open list the page shows (each list says its total). */
const SHOWN = 20;
const SYSTEMS = [1, 2] as const;

export async function tenantOverview(
  db: Db,
  warehouses: WarehouseRegistry,
  tenantId: number,
  lang: TLanguage,
): Promise<TTenantOverview> {
  // 404 for an employee's id or nobody, as the lookup answers.
  const tenant = await findTenant(db, { tenant_id: tenantId, area: '86' });
  const principal = mainAccountPrincipal({ id: tenant.tenant_id, userName: tenant.user_name ?? tenant.phone_number });
  const ctx: AccessContext = { principal, ip: '', lang };

  const [plans, quota, thirdParty, distribution, providers, orders, withdrawals, proposals, links, audit] =
    await Promise.all([
      Promise.all(SYSTEMS.map(async (system) => ({ system, package: await getUserPackage(db, ctx, system) }))),
      listQuotaBalances(db, ctx),
      listThirdPartyBill(db, ctx, ZThirdPartyListRequest.parse({ page: 1, page_size: 10 })),
      getDistributionBalance(db, principal),
      listProviders(db, ctx),
      listOrders(db, { page: 1, page_size: SHOWN, main_id: tenant.tenant_id, state: 'unpaid' }, lang),
      listWithdrawals(db, principal, { page: 1, page_size: SHOWN, status: 0 }),
      listProposals(db, { tenant_id: tenant.tenant_id, status: 'pending', page: 1, page_size: SHOWN }),
      listLinksForOperator(db, tenant.tenant_id),
      findOperatorAuditPage(db, { tenantId: tenant.tenant_id, page: 1, pageSize: SHOWN }),
    ]);

  // Each warehouse account's balance is the cloud bill's getBalance answer for that provider.
  const warehouseAccounts = await Promise.all(
    providers.map(async (p) => {
      try {
        const answer = await runWmsUnit(db, warehouses, ctx, { service: 'getBalance', wws_id: p.wws_id, params: {} });
        return { wws_id: p.wws_id, name: p.name, balance: ZWmsBalance.parse(answer) };
      } catch {
        // A remote provider down must not hide the rest of the tenant.
        return { wws_id: p.wws_id, name: p.name, balance: null };
      }
    }),
  );

  return {
    tenant,
    plans,
    quota,
    balances: {
      third_party: thirdParty.balance,
      distribution: distribution.current_balance,
      warehouses: warehouseAccounts,
    },
    open_orders: { total: orders.total_count, data: orders.data },
    pending_withdrawals: { total: withdrawals.total, data: withdrawals.data },
    pending_proposals: proposals,
    links,
    audit: audit.rows.map(auditEntryOf),
  };
}
