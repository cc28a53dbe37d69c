import { toJsonb, type Db } from '../client.ts';
import { freeze, transfer } from '../../platform/ledger/index.ts';
import { providerRevenue, warehouseAccount } from '../../modules/warehouse/service.ts';
import type { WarehouseSettings } from '../../providers/warehouse/provider.ts';

/**
 * The demo tenant's cloud warehouse bill: two local providers with six months of generated fee
 * flow, fee bills and rent, so every list and chart shows something on first start. Rows are
 * made in memory and written in a few bulk inserts (the first start must stay fast); the
 * ledger gets the same money as a handful of calls: the history's credits and deductions as two
 * transfers, and each freeze still open as its own freeze (so an operator can settle it later).
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
  link: { wwsId: number; mainId: number; providerId: number; warehouseIds: number[]; seed: number },
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
  };
  const flows: Flow[] = [];
  const bills: Record<string, unknown>[] = [];
  const rents: Record<string, unknown>[] = [];
  let available = 0;
  let credits = 0;
  let deductions = 0;
  const open: { key: string; amount: number }[] = [];
  let serial = 0;
  const add = (f: Omit<Flow, 'main_id' | 'wws_id' | 'balance_after' | 'key'>, effect: number) => {
    serial++;
    available += effect;
    const key = `demo-${serial}`;
    flows.push({ ...f, main_id: link.mainId, wws_id: link.wwsId, key, balance_after: available });
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
          note: '线下充值',
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
      // Every third charge is frozen first and settled (or released) later the same day.
      if (i === 0 && day % 3 === 0) {
        const freezeKey = add(
          { ...details, direction: 0, amount, settles_key: null, note: '预扣运费', created_at: when },
          -amount,
        );
        if (day >= days - 1) {
          open.push({ key: freezeKey, amount });
          continue;
        }
        const later = new Date(Math.min(now - 30_000, when.getTime() + 3 * 3_600_000));
        if (rand() < 0.2) {
          add(
            { ...details, direction: 1, amount, settles_key: freezeKey, note: '取消订单解冻', created_at: later },
            amount,
          );
          continue;
        }
        deductions += amount;
        add({ ...details, direction: 2, amount, settles_key: freezeKey, note: '', created_at: later }, 0);
      } else {
        deductions += amount;
        add({ ...details, direction: 2, amount, settles_key: null, note: '', created_at: when }, -amount);
      }
      bills.push({
        main_id: link.mainId,
        wws_id: link.wwsId,
        key: `demo-bill-${day}-${i}`,
        warehouse_id: pick(link.warehouseIds),
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
          main_id: link.mainId,
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

  const account = warehouseAccount(link.mainId, link.providerId);
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

export async function seedWarehouseDemo(tx: Db, mainId: number): Promise<void> {
  const warehouses = await tx.selectFrom('warehouses').select(['id', 'name']).where('main_id', '=', mainId).execute();
  const idOf = new Map(warehouses.map((w) => [w.name, w.id]));
  let seed = 7;
  for (const demo of DEMO_PROVIDERS) {
    const provider = await tx
      .insertInto('wh_providers')
      .values({ name: demo.name, adapter: 'local', settings: toJsonb(demo.settings) })
      .onConflict((oc) => oc.column('name').doUpdateSet({ name: demo.name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await tx
      .insertInto('wh_tenant_providers')
      .values({ main_id: mainId, provider_id: provider.id, credentials: toJsonb({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const warehouseIds = demo.warehouses.map((name) => idOf.get(name)).filter((id): id is number => id !== undefined);
    if (warehouseIds.length)
      await tx
        .insertInto('wh_link_warehouses')
        .values(
          warehouseIds.map((id, i) => ({
            wws_id: link.id,
            warehouse_id: id,
            code: `W${String(i + 1).padStart(2, '0')}`,
          })),
        )
        .execute();
    await seedWarehouseHistory(tx, { wwsId: link.id, mainId, providerId: provider.id, warehouseIds, seed: seed++ });
  }
}
