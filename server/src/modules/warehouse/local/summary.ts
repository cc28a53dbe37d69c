import { parseBillTime } from '@seller-centre/contract/quota';
import { sql } from 'kysely';
import { AppError } from '../../../platform/errors.ts';
import { yuan } from '../format.ts';
import { warehouseVisible } from './fee-lists.ts';
import type { LocalHandlers } from './types.ts';

const MAX_DAYS = 366;

/**
 * The charts: the balance at the end of each day with movements, and deductions by day and by fee
 * type, over the rows the viewer's warehouse authority lets it see (as the flow list).
 */
export const summaryHandlers: LocalHandlers = {
  async getFlowSummary(params, ctx) {
    const from = new Date(parseBillTime(params.addDateFrom, 'from'));
    const to = new Date(parseBillTime(params.addDateEnd, 'to'));
    if (to.getTime() < from.getTime()) throw AppError.invalidField('params.addDateEnd', 'before addDateFrom');
    if (to.getTime() - from.getTime() > MAX_DAYS * 86_400_000)
      throw AppError.invalidField('params.addDateEnd', `at most ${MAX_DAYS} days after addDateFrom`);
    const wwsId = ctx.provider.wwsId;
    const visible = warehouseVisible<'f'>(ctx.principal, 'f.warehouse_id') as never;
    const day = sql<string>`to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
    const [days, spend, byType] = await Promise.all([
      ctx.db
        .selectFrom('wh_fee_flows as f')
        .select([day.as('day'), 'f.balance_after'])
        .distinctOn(day)
        .where('f.wws_id', '=', wwsId)
        .where(visible)
        .where('f.created_at', '>=', from)
        .where('f.created_at', '<=', to)
        .orderBy(day)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute(),
      ctx.db
        .selectFrom('wh_fee_flows as f')
        .select([day.as('day'), sql<string>`sum(f.amount)::text`.as('amount')])
        .where('f.wws_id', '=', wwsId)
        .where(visible)
        .where('f.direction', '=', 2)
        .where('f.created_at', '>=', from)
        .where('f.created_at', '<=', to)
        .groupBy(day)
        .execute(),
      ctx.db
        .selectFrom('wh_fee_flows as f')
        .leftJoin('wh_fee_types as t', 't.code', 'f.ft_code')
        .select(['f.ft_code', 't.name_cn', 't.name_en', sql<string>`sum(f.amount)::text`.as('amount')])
        .where('f.wws_id', '=', wwsId)
        .where(visible)
        .where('f.direction', '=', 2)
        .where('f.created_at', '>=', from)
        .where('f.created_at', '<=', to)
        .groupBy(['f.ft_code', 't.name_cn', 't.name_en'])
        .orderBy(sql`sum(f.amount)`, 'desc')
        .execute(),
    ]);
    const spendOf = new Map(spend.map((s) => [s.day, Number(s.amount)]));
    return {
      days: days.map((d) => ({ day: d.day, balance: yuan(d.balance_after), spend: yuan(spendOf.get(d.day) ?? 0) })),
      byFeeType: byType.map((t) => ({
        ft_code: t.ft_code,
        ft_name_cn: t.name_cn ?? t.ft_code,
        ft_name_en: t.name_en ?? t.ft_code,
        amount: yuan(Number(t.amount)),
      })),
    };
  },
};
