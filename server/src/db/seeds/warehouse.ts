import type { Db } from '../client.ts';
import { balanceOf, freeze, transfer } from '../../platform/ledger/index.ts';
import { rethread } from '../../platform/running-balance.ts';
import { createProvider, linkTenantToProvider, listProvidersForOperator } from '../../modules/warehouse/ops-service.ts';
import { FEE_FLOW_CHAIN, providerRevenue, releaseKey, warehouseAccount } from '../../modules/warehouse/service.ts';
import type { WarehouseSettings } from '../../providers/warehouse/provider.ts';
import { seeded } from '../../messages/seeded.ts';

/**
 * The demo tenant's cloud warehouse bill: two local providers with six months of generated fee
 * flow, fee bills and rent, so every list and chart shows something on first start. Rows are
 * made in memory and written in a few bulk inserts (the first start must stay fast); the
 * ledger gets the same money as a handful of calls: the history's credits and deductions as two
 * transfers, and each freeze still open as its own freeze (so an operator can settle it later).
 * The rows' running balances are then threaded from the ledger's balance by the fee flow's own
 * rule (running-balance.ts), as postFee keeps them.
 */

export const DEMO_PROVIDERS: { name: string; warehouses: string[]; settings: WarehouseSettings }[] = [
  {
    name: 'Demo Cloud Warehouse',
    warehouses: ['Shenzhen Warehouse', 'Yiwu Warehouse'],
    settings: {
      currencies: [
        { currency_code: 'USD', currency_name: '美元', currency_name_en: 'US Dollar', currency_rate: '7.1' },
        { currency_code: 'KRW', currency_name: '韩元', currency_name_en: 'Korean Won', currency_rate: '0.0052' },
        { currency_code: 'THB', currency_name: '泰铢', currency_name_en: 'Thai Baht', currency_rate: '0.2' },
      ],
      paymentMethods: [
        { pm_code: 'bank', pm_title: '银行转账' },
        { pm_code: 'alipay', pm_title: '支付宝' },
      ],
      bankAccounts: [
        {
          ba_id: 1,
          pm_code: 'bank',
          ba_bankname: '招商银行深圳分行',
          ba_code: '6214830000001234',
          ba_username: 'Demo Cloud Warehouse Ltd.',
          currency_code: 'RMB',
        },
        {
          ba_id: 2,
          pm_code: 'alipay',
          ba_bankname: '支付宝',
          ba_code: 'pay@demo-warehouse.example',
          ba_username: 'Demo Cloud Warehouse Ltd.',
          currency_code: 'CNY',
        },
      ],
      account: { company_name: 'Demo Cloud Warehouse Ltd.', email: 'service@demo-warehouse.example' },
    },
  },
  {
    name: 'Asia Fulfilment',
    warehouses: ['Incheon Warehouse', 'Bangkok Warehouse'],
    settings: {
      currencies: [
        { currency_code: 'USD', currency_name: '美元', currency_name_en: 'US Dollar', currency_rate: '7.2' },
        { currency_code: 'THB', currency_name: '泰铢', currency_name_en: 'Thai Baht', currency_rate: '0.21' },
      ],
      paymentMethods: [{ pm_code: 'bank', pm_title: '银行转账' }],
      bankAccounts: [
        {
          ba_id: 1,
          pm_code: 'bank',
          ba_bankname: 'Kasikornbank Bangkok',
          ba_code: '0123456789',
          ba_username: 'Asia Fulfilment Co., Ltd.',
          currency_code: 'USD',
        },
      ],
      account: { company_name: 'Asia Fulfilment Co., Ltd.', email: 'billing@asia-fulfilment.example' },
    },
  },
];

/** A small deterministic generator: the same demo every start. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const PLATFORMS = [
  { platform: 'shopee', site: 'TH', shop: 'Shopee TH Official' },
  { platform: 'shopee', site: 'SG', shop: 'Shopee SG Store' },
  { platform: 'coupang', site: 'KR', shop: 'Coupang KR Main' },
  { platform: 'lazada', site: 'TH', shop: 'Lazada TH Store' },
];
const DEDUCTION_FEES = ['SHIPPING', 'OPERATION', 'INBOUND', 'RETURN', 'PACKAGING', 'OTHER'] as const;
const FEE_BUSINESS: Record<string, string> = {
  SHIPPING: 'so',
  OPERATION: 'so',
  INBOUND: 'asn',
  RETURN: 'rma',
  PACKAGING: 'package',
  OTHER: 'ot',
  STORAGE: 'wt',
};

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

const DAY = 86_400_000;

/** Generates and writes one link's history; `days` back from now. */
export async function seedWarehouseHistory(
  tx: Db,
  link: { wwsId: number; tenantId: number; providerId: number; warehouseIds: number[]; seed: number },
  days = 182,
): Promise<{ flows: number; balance: number }> {
  const rand = random(link.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = Date.now();
  // Days start at business midnight (UTC+08:00), so rent settles on whole days.
  const businessMidnight = Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  const start = businessMidnight - days * DAY;
  type Flow = {
    main_id: number;
    wws_id: number;
    key: string;
    direction: number;
    amount: number;
    balance_after: number;
    settles_key: string | null;
    ft_code: string;
    platform: string;
    site: string;
    reference_no: string;
    order_code: string;
    refer_code: string;
    tracking_number: string;
    platform_shop: string;
    note: string;
    created_at: Date;
    warehouse_id?: number | null;
  };
  const flows: Flow[] = [];
  const bills: Record<string, unknown>[] = [];
  const rents: Record<string, unknown>[] = [];
  let available = 0;
  let credits = 0;
  let deductions = 0;
  const open: { key: string; amount: number }[] = [];
  let serial = 0;
  // Balances are set by rethread below; `available` decides when the demo tops up.
  const add = (f: Omit<Flow, 'main_id' | 'wws_id' | 'balance_after' | 'key'>, effect: number) => {
    serial++;
    available += effect;
    const key = `demo-${serial}`;
    flows.push({ ...f, main_id: link.tenantId, wws_id: link.wwsId, key, balance_after: 0 });
    return key;
  };
  const blank = {
    platform: '',
    site: '',
    reference_no: '',
    order_code: '',
    refer_code: '',
    tracking_number: '',
    platform_shop: '',
  };

  for (let day = 0; day <= days; day++) {
    const dayStart = start + day * DAY;
    const at = (hour: number) =>
      new Date(Math.min(now - 60_000, dayStart + hour * 3_600_000 + Math.floor(rand() * 3_000_000)));
    // A top-up whenever the balance runs low, and every two weeks.
    if (available < 80_000 || day % 14 === 0) {
      const amount = (3 + Math.floor(rand() * 8)) * 50_000;
      credits += amount;
      add(
        {
          ...blank,
          direction: 3,
          amount,
          settles_key: null,
          ft_code: 'RECHARGE',
          reference_no: `RC${link.wwsId}${String(serial).padStart(6, '0')}`,
          note: seeded('flow.offline_top_up'),
          created_at: at(9),
        },
        amount,
      );
    }
    const orders = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < orders; i++) {
      const where = pick(PLATFORMS);
      const fee = pick(DEDUCTION_FEES);
      const amount = 500 + Math.floor(rand() * 6_000);
      const orderCode = `SO${link.wwsId}${String(day * 10 + i).padStart(6, '0')}`;
      const referCode = `WMS${String(link.seed).slice(-2)}${String(day * 10 + i).padStart(7, '0')}`;
      const details = {
        platform: where.platform,
        site: where.site,
        reference_no: `RF${String(day * 10 + i).padStart(8, '0')}`,
        order_code: orderCode,
        refer_code: referCode,
        tracking_number: `TN${link.seed}${String(day * 10 + i).padStart(9, '0')}`,
        platform_shop: where.shop,
        ft_code: fee,
      };
      const when = at(10 + i * 2);
      // The order's movements are charged in its fee bill's warehouse (an open or released freeze,
      // which has no bill, in one by turn), so warehouse authority narrows the flow as the bill.
      const firstFlow = flows.length;
      const chargedIn = (warehouseId: number | undefined) => {
        for (const flow of flows.slice(firstFlow)) flow.warehouse_id = warehouseId ?? null;
      };
      const byTurn = link.warehouseIds[(day * 10 + i) % Math.max(1, link.warehouseIds.length)];
      // Every third charge is frozen first and settled (or released) later the same day.
      if (i === 0 && day % 3 === 0) {
        const freezeKey = add(
          { ...details, direction: 0, amount, settles_key: null, note: seeded('flow.freight_hold'), created_at: when },
          -amount,
        );
        if (day >= days - 1) {
          open.push({ key: freezeKey, amount });
          chargedIn(byTurn);
          continue;
        }
        const later = new Date(Math.min(now - 30_000, when.getTime() + 3 * 3_600_000));
        if (rand() < 0.2) {
          add(
            { ...details, direction: 1, amount, settles_key: freezeKey, note: seeded('flow.cancel_unfreeze'), created_at: later },
            amount,
          );
          chargedIn(byTurn);
          continue;
        }
        deductions += amount;
        // As postFee writes it: the freeze released, then the deduction, at the same time.
        const release = { ...details, direction: 1, amount, settles_key: freezeKey, note: '', created_at: later };
        flows.push({ ...release, main_id: link.tenantId, wws_id: link.wwsId, key: '', balance_after: 0 });
        const settle = flows.length - 1;
        const deductionKey = add({ ...release, direction: 2 }, 0);
        flows[settle]!.key = releaseKey(deductionKey);
      } else {
        deductions += amount;
        add({ ...details, direction: 2, amount, settles_key: null, note: '', created_at: when }, -amount);
      }
      const billWarehouse = pick(link.warehouseIds);
      chargedIn(billWarehouse);
      bills.push({
        main_id: link.tenantId,
        wws_id: link.wwsId,
        key: `demo-bill-${day}-${i}`,
        warehouse_id: billWarehouse,
        ds_code: FEE_BUSINESS[fee] ?? 'ot',
        ft_code: fee,
        reference_no: details.reference_no,
        order_code: orderCode,
        refer_code: referCode,
        platform_shop: where.shop,
        amount,
        org_amount: amount + (rand() < 0.1 ? 200 : 0),
        currency_code: 'CNY',
        status: day < days - 14 ? 3 : 2,
        writeoff: day < days - 30 ? 'y' : day < days - 10 ? 'p' : 'n',
        chargeable_at: when,
        note: '',
      });
    }
    // Rent: each warehouse daily; the first warehouse also weekly, half-monthly and monthly.
    link.warehouseIds.forEach((warehouseId, w) => {
      const cycles = [
        0,
        ...(w === 0 && day % 7 === 0 ? [1] : []),
        ...(w === 0 && day % 15 === 0 ? [2] : []),
        ...(w === 0 && day % 30 === 0 ? [3] : []),
      ];
      for (const cycle of cycles) {
        const volume = 1 + rand() * 30;
        const amount = Math.round(volume * (cycle === 0 ? 150 : cycle === 1 ? 1_000 : cycle === 2 ? 2_100 : 4_200));
        rents.push({
          main_id: link.tenantId,
          wws_id: link.wwsId,
          key: `demo-rent-${day}-${w}-${cycle}`,
          warehouse_id: warehouseId,
          wis_code: `WIS${link.wwsId}${String(day).padStart(4, '0')}${w}${cycle}`,
          settlement_cycle: cycle,
          finish_flag: day < days - 2 ? 1 : 0,
          volume: volume.toFixed(3),
          total_qty: Math.floor(volume * 40),
          calc_amount: amount,
          calc_currency: 'CNY',
          is_amount: amount,
          customer_currency_code: 'CNY',
          org_amount: amount,
          currency_code: 'CNY',
          is_date: new Date(Math.min(now - 60_000, dayStart)),
        });
      }
    });
  }

  const account = warehouseAccount(link.tenantId, link.providerId);
  const revenue = providerRevenue(link.providerId);
  const key = (name: string) => `wh:${link.wwsId}:${name}`;
  if (credits > 0)
    await transfer(tx, {
      key: key('demo-history-credits'),
      from: revenue,
      to: account,
      amount: credits,
      memo: 'demo history: top-ups',
    });
  if (deductions > 0)
    await transfer(tx, {
      key: key('demo-history-deductions'),
      from: account,
      to: revenue,
      amount: deductions,
      memo: 'demo history: fees',
    });
  for (const f of open)
    await freeze(tx, { key: key(f.key), from: account, to: revenue, amount: f.amount, memo: 'demo: open freeze' });

  await insertChunks(flows, (chunk) => tx.insertInto('wh_fee_flows').values(chunk).execute());
  const held = await balanceOf(tx, account);
  await rethread(tx, FEE_FLOW_CHAIN, { ownerId: link.wwsId, ledgerBalance: held.balance - held.pending });
  await insertChunks(bills, (chunk) =>
    tx
      .insertInto('wh_fee_bills')
      .values(chunk as never)
      .execute(),
  );
  await insertChunks(rents, (chunk) =>
    tx
      .insertInto('wh_rents')
      .values(chunk as never)
      .execute(),
  );
  return { flows: flows.length, balance: available };
}

/**
 * The demo's providers and links are made as an operator makes them in the console (the same
 * service calls, as the system rather than an operator); only the history is written in bulk.
 * A provider of the same name made before the first start is reused.
 */
export async function seedWarehouseDemo(tx: Db, tenantId: number): Promise<void> {
  const warehouses = await tx.selectFrom('warehouses').select(['id', 'name']).where('main_id', '=', tenantId).execute();
  const idOf = new Map(warehouses.map((w) => [w.name, w.id]));
  const existing = await listProvidersForOperator(tx);
  let seed = 7;
  for (const demo of DEMO_PROVIDERS) {
    const provider =
      existing.find((p) => p.name === demo.name) ??
      (await createProvider(tx, null, { name: demo.name, adapter: 'local', settings: demo.settings }));
    const warehouseIds = demo.warehouses.map((name) => idOf.get(name)).filter((id): id is number => id !== undefined);
    const link = await linkTenantToProvider(tx, null, {
      tenant_id: tenantId,
      provider_id: provider.id,
      warehouse_ids: warehouseIds,
    });
    await seedWarehouseHistory(tx, { wwsId: link.wws_id, tenantId, providerId: provider.id, warehouseIds, seed: seed++ });
  }
}
