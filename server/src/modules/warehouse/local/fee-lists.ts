import { parseBillTime } from '@seller-centre/contract/quota';
import type { TFeeBillFilters, TFeeFlowFilters, TRentFilters } from '@seller-centre/contract/warehouse';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Principal } from '../../../platform/auth.ts';
import { visibleTo } from '../../../platform/data-authority.ts';
import { inEdge, keptTotal, pageAndTotal, type Edge, type KeptTotal } from '../../../platform/kept-counts.ts';
import { fenToYuan } from '../../../platform/fen.ts';
import {
  DIRECTION_TITLES,
  languageOf,
  likeContains,
  VERIFICATION_TITLES,
  wmsTime,
  WRITE_OFF_TITLES,
  yuan,
} from '../format.ts';
import { findFeeTypes } from '../repository.ts';
import type { LocalHandlers } from './types.ts';
import { seededText } from '../../../messages/seeded.ts';

const bound = (text: string | undefined, edge: 'from' | 'to') =>
  text ? new Date(parseBillTime(text, edge)) : undefined;

/**
 * The flow columns the list and its export both read (with `wh_fee_types as t` joined); each
 * adds its own time column.
 */
export const FEE_FLOW_COLUMNS = [
  'f.id',
  'f.platform',
  'f.reference_no',
  'f.order_code',
  'f.refer_code',
  'f.tracking_number',
  'f.platform_shop',
  'f.amount',
  'f.direction',
  'f.balance_after',
  'f.ft_code',
  't.name_cn',
  'f.note',
] as const;

/** Flow rows matching the list's filters (shared with the export and the charts), narrowed to the viewer's warehouses. */
export function feeFlowQuery(db: Db, wwsId: number, f: TFeeFlowFilters, principal: Principal | null) {
  const from = bound(f.addDateFrom, 'from');
  const to = bound(f.addDateEnd, 'to');
  const column = (
    { 1: 'f.reference_no', 2: 'f.order_code', 3: 'f.refer_code', 4: 'f.tracking_number', 5: 'f.platform_shop' } as const
  )[f.search_type ?? 1]!;
  return db
    .selectFrom('wh_fee_flows as f')
    .where('f.wws_id', '=', wwsId)
    .where(warehouseVisible<'f'>(principal, 'f.warehouse_id') as never)
    .$if(f.ft_code !== undefined, (q) => q.where('f.ft_code', '=', f.ft_code!))
    .$if(f.platform.length > 0, (q) => q.where('f.platform', 'in', f.platform))
    .$if(f.cbl_type !== undefined, (q) => q.where('f.direction', '=', f.cbl_type!))
    .$if(from !== undefined, (q) => q.where('f.created_at', '>=', from!))
    .$if(to !== undefined, (q) => q.where('f.created_at', '<=', to!))
    .$if(!!f.search_code, (q) =>
      column === 'f.platform_shop'
        ? q.where('f.platform_shop', 'ilike', likeContains(f.search_code!))
        : q.where(column, '=', f.search_code!),
    );
}

/** Rows of a warehouse the caller may not see are left out; rows of no warehouse are the tenant's. */
export function warehouseVisible<TB extends 'b' | 'r' | 'f'>(principal: Principal | null, column: `${TB}.warehouse_id`) {
  return (
    eb: ExpressionBuilder<
      Database & { b: Database['wh_fee_bills']; r: Database['wh_rents']; f: Database['wh_fee_flows'] },
      TB
    >,
  ) =>
    principal === null || principal.userType === 1
      ? sql<boolean>`TRUE`
      : eb.or([eb(column as never, 'is', null), visibleTo(eb, principal, 'warehouses', column as never)]);
}

/**
 * The bill columns the list and its export both read (with `wh_fee_types as t` and
 * `warehouses as w` joined); each adds its own.
 */
export const FEE_BILL_COLUMNS = [
  'b.id',
  'b.reference_no',
  'b.order_code',
  'b.refer_code',
  'b.platform_shop',
  'w.name as warehouse_name',
  'b.ft_code',
  't.name_cn',
  't.name_en',
  'b.amount',
  'b.org_amount',
  'b.currency_code',
  'b.status',
  'b.writeoff',
  'b.note',
] as const;

export function feeBillQuery(db: Db, wwsId: number, f: TFeeBillFilters, principal: Principal | null) {
  const from = bound(f.dateFor, 'from');
  const to = bound(f.dateTo, 'to');
  const column = ({ 1: 'b.reference_no', 2: 'b.order_code', 3: 'b.refer_code' } as const)[f.search_type ?? 1]!;
  return db
    .selectFrom('wh_fee_bills as b')
    .where('b.wws_id', '=', wwsId)
    .where(warehouseVisible<'b'>(principal, 'b.warehouse_id') as never)
    .$if(f.ds_code !== undefined, (q) => q.where('b.ds_code', '=', f.ds_code!))
    .$if(f.bi_status !== undefined, (q) => q.where('b.status', '=', f.bi_status!))
    .$if(f.ft_code !== undefined, (q) => q.where('b.ft_code', '=', f.ft_code!))
    .$if(f.warehouse_id !== undefined, (q) => q.where('b.warehouse_id', '=', f.warehouse_id!))
    .$if(from !== undefined, (q) => q.where('b.chargeable_at', '>=', from!))
    .$if(to !== undefined, (q) => q.where('b.chargeable_at', '<=', to!))
    .$if(!!f.search_code, (q) => q.where(column, '=', f.search_code!));
}

export function rentQuery(db: Db, wwsId: number, f: TRentFilters, principal: Principal | null) {
  const from = bound(f.dateFor, 'from');
  const to = bound(f.dateTo, 'to');
  const ranged = f.type !== undefined && (f.typeValueFrom !== undefined || f.typeValueTo !== undefined);
  // Amounts are bounded in yuan on the wire and compared in fen; volumes in cubic metres.
  const scale = f.type === 3 ? 100 : 1;
  const column = ({ 1: 'r.volume', 2: 'r.total_qty', 3: 'r.is_amount' } as const)[f.type ?? 1]!;
  return db
    .selectFrom('wh_rents as r')
    .where('r.wws_id', '=', wwsId)
    .where(warehouseVisible<'r'>(principal, 'r.warehouse_id') as never)
    .$if(f.warehouseId !== undefined, (q) => q.where('r.warehouse_id', '=', f.warehouseId!))
    .$if(ranged && f.typeValueFrom !== undefined, (q) =>
      q.where(column, '>=', String(Math.round(f.typeValueFrom! * scale * 1000) / 1000) as never),
    )
    .$if(ranged && f.typeValueTo !== undefined, (q) =>
      q.where(column, '<=', String(Math.round(f.typeValueTo! * scale * 1000) / 1000) as never),
    )
    .$if(!!f.codeLike, (q) => q.where('r.wis_code', 'ilike', likeContains(f.codeLike!)))
    .$if(from !== undefined, (q) => q.where('r.is_date', '>=', from!))
    .$if(to !== undefined, (q) => q.where('r.is_date', '<=', to!));
}

const offsetOf = (p: { page: number; pageSize: number }) => (p.page - 1) * p.pageSize;

/**
 * A list's total over [from, to] of its time column: the kept counters, with the list's own
 * count of the rows in the cut hours at the edges; or, when a filter the counters do not key on
 * narrows the list (`narrowed`), its own count of the whole range.
 */
async function listTotal<DB, TB extends keyof DB>(
  db: Db,
  untimed: SelectQueryBuilder<DB, TB, object>,
  timeColumn: string,
  narrowed: boolean,
  kept: Omit<KeptTotal, 'exact'>,
): Promise<number> {
  const exact = async (edge: Edge) => {
    const row = await untimed
      .where(inEdge(timeColumn, edge))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$castTo<{ n: number }>()
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  if (narrowed) return exact({ from: kept.from, to: kept.to });
  return keptTotal(db, { ...kept, exact });
}

/** The fee flow's total: kept counters unless a text search narrows it (then its index counts). */
function feeFlowTotal(db: Db, wwsId: number, f: TFeeFlowFilters, principal: Principal | null): Promise<number> {
  const untimed = feeFlowQuery(db, wwsId, { ...f, addDateFrom: undefined, addDateEnd: undefined }, principal);
  return listTotal(db, untimed, 'f.created_at', !!f.search_code, {
    list: 'fee_flow',
    ownerId: wwsId,
    keys: {
      k1: f.ft_code !== undefined ? [f.ft_code] : undefined,
      k2: f.platform.length > 0 ? f.platform : undefined,
      k3: f.cbl_type !== undefined ? [String(f.cbl_type)] : undefined,
    },
    warehouseViewer: principal,
    from: bound(f.addDateFrom, 'from'),
    to: bound(f.addDateEnd, 'to'),
  });
}

/** The fee bill's total, narrowed like its rows (the caller's warehouses included). */
function feeBillTotal(db: Db, wwsId: number, f: TFeeBillFilters, principal: Principal | null): Promise<number> {
  const untimed = feeBillQuery(db, wwsId, { ...f, dateFor: undefined, dateTo: undefined }, principal);
  return listTotal(db, untimed, 'b.chargeable_at', !!f.search_code, {
    list: 'fee_bill',
    ownerId: wwsId,
    keys: {
      k1: f.ds_code !== undefined ? [f.ds_code] : undefined,
      k2: f.ft_code !== undefined ? [f.ft_code] : undefined,
      k3: f.bi_status !== undefined ? [String(f.bi_status)] : undefined,
    },
    warehouse: f.warehouse_id,
    warehouseViewer: principal,
    from: bound(f.dateFor, 'from'),
    to: bound(f.dateTo, 'to'),
  });
}

/** Warehouse rent's total: kept counters unless a value range or a code search narrows it. */
function rentTotal(db: Db, wwsId: number, f: TRentFilters, principal: Principal | null): Promise<number> {
  const untimed = rentQuery(db, wwsId, { ...f, dateFor: undefined, dateTo: undefined }, principal);
  const ranged = f.type !== undefined && (f.typeValueFrom !== undefined || f.typeValueTo !== undefined);
  return listTotal(db, untimed, 'r.is_date', ranged || !!f.codeLike, {
    list: 'rent',
    ownerId: wwsId,
    warehouse: f.warehouseId,
    warehouseViewer: principal,
    from: bound(f.dateFor, 'from'),
    to: bound(f.dateTo, 'to'),
  });
}

/** Fee flow, fee bills, the warehouses and their rent: the lists of the cloud bill. */
export const feeHandlers: LocalHandlers = {
  async getCostWaterAndOrder(params, ctx) {
    const lang = languageOf(ctx.language);
    const base = feeFlowQuery(ctx.db, ctx.provider.wwsId, params, ctx.principal);
    const [rows, total] = await pageAndTotal(
      {
        offset: offsetOf(params),
        size: params.pageSize,
        rows: () =>
          base
            .leftJoin('wh_fee_types as t', 't.code', 'f.ft_code')
            .select([...FEE_FLOW_COLUMNS, 'f.site', 'f.created_at'])
            .orderBy('f.created_at', 'desc')
            .orderBy('f.id', 'desc')
            .limit(params.pageSize)
            .offset(offsetOf(params))
            .execute(),
      },
      { counted: !!params.search_code, of: () => feeFlowTotal(ctx.db, ctx.provider.wwsId, params, ctx.principal) },
    );
    return {
      total,
      data: rows.map((r) => ({
        cbl_id: r.id,
        platform: r.platform,
        site: r.site,
        reference_no: r.reference_no,
        order_code: r.order_code,
        cbl_refer_code: r.refer_code,
        tracking_number: r.tracking_number,
        platform_shop: r.platform_shop,
        cbl_transaction_value: yuan(r.direction === 0 || r.direction === 2 ? -r.amount : r.amount),
        cbl_current_value: yuan(r.balance_after),
        ft_code: r.ft_code,
        ft_name_cn: r.name_cn ?? r.ft_code,
        cbl_type: r.direction,
        cbl_type_title: DIRECTION_TITLES[r.direction]?.[lang] ?? String(r.direction),
        cbl_add_time: wmsTime(r.created_at),
        cbl_note: seededText(lang, r.note),
      })),
    };
  },

  async getFeeType(_params, ctx) {
    const types = await findFeeTypes(ctx.db);
    return { data: types.map((t) => ({ ft_code: t.code, ft_name_cn: t.name_cn, ft_name_en: t.name_en })) };
  },

  async getCostBillAndOrder(params, ctx) {
    const lang = languageOf(ctx.language);
    const base = feeBillQuery(ctx.db, ctx.provider.wwsId, params, ctx.principal);
    const [rows, total] = await pageAndTotal(
      {
        offset: offsetOf(params),
        size: params.pageSize,
        rows: () =>
          base
            .leftJoin('wh_fee_types as t', 't.code', 'b.ft_code')
            .leftJoin('warehouses as w', 'w.id', 'b.warehouse_id')
            .select([...FEE_BILL_COLUMNS, 'b.ds_code', 'b.chargeable_at'])
            .orderBy('b.chargeable_at', 'desc')
            .orderBy('b.id', 'desc')
            .limit(params.pageSize)
            .offset(offsetOf(params))
            .execute(),
      },
      { counted: !!params.search_code, of: () => feeBillTotal(ctx.db, ctx.provider.wwsId, params, ctx.principal) },
    );
    return {
      total,
      data: rows.map((r) => ({
        bi_id: r.id,
        reference_no: r.reference_no,
        order_code: r.order_code,
        bb_refer_code: r.refer_code,
        platform_shop: r.platform_shop,
        warehouse_name: r.warehouse_name ?? '',
        ds_code: r.ds_code,
        ft_code: r.ft_code,
        ft_name: (lang === 'zh' ? r.name_cn : r.name_en) ?? r.ft_code,
        bi_amount: fenToYuan(r.amount),
        bi_org_amount: fenToYuan(r.org_amount),
        currency_code: r.currency_code,
        bi_status: r.status,
        status_desc: VERIFICATION_TITLES[r.status]?.[lang] ?? String(r.status),
        bi_writeoff: r.writeoff,
        writeoff_desc: WRITE_OFF_TITLES[r.writeoff]?.[lang] ?? r.writeoff,
        bi_chargeable_time: wmsTime(r.chargeable_at),
        bi_note: r.note,
      })),
    };
  },

  async getWarehouse(params, ctx) {
    const principal = ctx.principal;
    const base = ctx.db
      .selectFrom('wh_link_warehouses as lw')
      .innerJoin('warehouses as w', 'w.id', 'lw.warehouse_id')
      .where('lw.wws_id', '=', ctx.provider.wwsId)
      .$if(principal !== null, (q) => q.where((eb) => visibleTo(eb, principal!, 'warehouses', 'lw.warehouse_id')));
    const [rows, total] = await Promise.all([
      base
        .select(['w.id', 'lw.code', 'w.name'])
        .orderBy('w.name')
        .limit(params.pageSize)
        .offset(offsetOf(params))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      data: rows.map((r) => ({ warehouse_id: r.id, warehouse_code: r.code, warehouse_name: r.name })),
    };
  },

  async getStorageCosts(params, ctx) {
    const base = rentQuery(ctx.db, ctx.provider.wwsId, params, ctx.principal);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('warehouses as w', 'w.id', 'r.warehouse_id')
        .select([
          'r.id',
          'r.wis_code',
          'r.settlement_cycle',
          'w.name as warehouse_name',
          'r.finish_flag',
          'r.volume',
          'r.total_qty',
          'r.calc_amount',
          'r.calc_currency',
          'r.is_amount',
          'r.customer_currency_code',
          'r.org_amount',
          'r.currency_code',
          'r.is_date',
        ])
        .orderBy('r.is_date', 'desc')
        .orderBy('r.id', 'desc')
        .limit(params.pageSize)
        .offset(offsetOf(params))
        .execute(),
      rentTotal(ctx.db, ctx.provider.wwsId, params, ctx.principal),
    ]);
    return {
      total,
      data: rows.map((r) => ({
        is_id: r.id,
        wis_code: r.wis_code,
        wp_settlement_cycle: r.settlement_cycle,
        warehouse_name: r.warehouse_name ?? '',
        finish_flag: r.finish_flag,
        isdb_volume: Number(r.volume).toFixed(3),
        isdb_total_qty: r.total_qty,
        calc_amount: fenToYuan(r.calc_amount),
        calc_currency: r.calc_currency,
        is_amount: fenToYuan(r.is_amount),
        customer_currency_code: r.customer_currency_code,
        bi_org_amount: fenToYuan(r.org_amount),
        currency_code: r.currency_code,
        is_date: wmsTime(r.is_date),
      })),
    };
  },
};
