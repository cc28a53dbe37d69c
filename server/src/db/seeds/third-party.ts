import type { TThirdPartyType } from '@seller-centre/contract/third-party';
import type { Insertable } from 'kysely';
import { THIRD_PARTY_CHAIN } from '../../modules/third-party/service.ts';
import { balanceOf, transfer } from '../../platform/ledger/index.ts';
import { rethread } from '../../platform/running-balance.ts';
import { findTenantShopByName } from '../../modules/reference-data/service.ts';
import type { Db } from '../client.ts';
import type { ThirdPartyTransactionsTable } from '../schema.ts';
import { seeded } from '../../messages/seeded.ts';

// Shops of the demo tenant (seeds/access.ts), so data authority on shops narrows the bill.
const PLATFORMS = [
  { platform: 'shopee', site: 'TH', shop: 'Shopee TH Official', shopId: '880011' },
  { platform: 'lazada', site: 'TH', shop: 'Lazada TH Flagship', shopId: '660302' },
  { platform: 'tiktok', site: 'MY', shop: 'TikTok Shop MY Live', shopId: '550907' },
];
const CHARGES: TThirdPartyType[] = [
  'cod_withholding',
  'purchase_agency',
  'stop_return_charging',
  'cod_make_up',
  'old_bil_cost',
];
const REFUNDS: TThirdPartyType[] = ['cod_return', 'return_overcharge', 'return_purchase_agency', 'erp_compensation'];

/**
 * Six months of the demo tenant's third-party bill: an opening manual receipt, a top-up at the
 * start of each month, and a charge most days with a refund now and then, across three shops.
 * Posting each row through the ledger one by one made the first start seconds slower, so the
 * history is one ledger transfer of its net amount (from the manual clearing account) and the
 * rows' running balances are then threaded from the ledger's balance by the bill's own rule
 * (running-balance.ts, as postThirdParty keeps them), in the order the bill lists them.
 * Deterministic, so screenshots and tests see the same bill.
 */
export async function seedThirdPartyDemo(tx: Db, tenantId: number): Promise<void> {
  let state = 20260101;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const shopIds = new Map<string, number>();
  for (const shop of PLATFORMS) {
    const id = await findTenantShopByName(tx, tenantId, shop.platform, shop.shop);
    if (id !== undefined) shopIds.set(shop.shop, id);
  }
  type Row = Insertable<ThirdPartyTransactionsTable>;
  const rows: Row[] = [];
  let balance = 0;
  const add = (daysAgo: number, row: Omit<Row, 'main_id' | 'transaction_id' | 'balance_after_fen' | 'source'>) => {
    balance += row.capital_flows === 'into' ? row.amount_fen : -row.amount_fen;
    // Spread over the hours BEFORE the seed time: a row dated later than now would stay on top of
    // the bill, above the seller's real transactions.
    const when = new Date(Date.now() - daysAgo * 86_400_000 + ((rows.length % 9) - 9) * 3_600_000);
    rows.push({
      main_id: tenantId,
      transaction_id: `DEMO3P${String(rows.length + 1).padStart(6, '0')}`,
      balance_after_fen: 0,
      source: 4,
      transaction_date: when,
      added_date: new Date(when.getTime() + 60_000),
      ...row,
    });
  };
  add(182, {
    transaction_type: 'manual_receipts',
    capital_flows: 'into',
    amount_fen: 300_000,
    remark: seeded('third_party.opening_balance'),
  });
  for (let daysAgo = 180; daysAgo >= 0; daysAgo--) {
    if (daysAgo % 30 === 0) {
      add(daysAgo, {
        transaction_type: 'pay',
        capital_flows: 'into',
        amount_fen: 100_000,
        remark: seeded('third_party.top_up'),
        ordersn: `SCDEMO3P${daysAgo}`,
      });
    }
    const shop = PLATFORMS[Math.floor(random() * PLATFORMS.length)]!;
    const refs = {
      platform: shop.platform,
      site: shop.site,
      shop_name: shop.shop,
      shop_id: shop.shopId,
      tenant_shop_id: shopIds.get(shop.shop) ?? null,
      ordersn: `SO${2600000 + daysAgo * 7}`,
      warehouse_order_id: `WH${900000 + daysAgo * 3}`,
    };
    if (random() < 0.85) {
      const type = CHARGES[Math.floor(random() * CHARGES.length)]!;
      add(daysAgo, {
        ...refs,
        transaction_type: type,
        capital_flows: 'out',
        amount_fen: 500 + Math.floor(random() * 4_500),
      });
    }
    if (random() < 0.2) {
      const type = REFUNDS[Math.floor(random() * REFUNDS.length)]!;
      add(daysAgo, {
        ...refs,
        transaction_type: type,
        capital_flows: 'into',
        amount_fen: 200 + Math.floor(random() * 2_000),
      });
    }
  }
  await transfer(tx, {
    key: `demo:third_party:${tenantId}`,
    from: { operator: 'clearing', provider: 'manual' },
    to: { tenantId: tenantId, kind: 'third_party' },
    amount: balance,
    memo: 'demo third-party history (net)',
  });
  await tx.insertInto('third_party_transactions').values(rows).execute();
  const held = await balanceOf(tx, { tenantId: tenantId, kind: 'third_party' });
  await rethread(tx, THIRD_PARTY_CHAIN, { ownerId: tenantId, ledgerBalance: held.balance });
}
