import { couponServiceFor } from '@seller-centre/contract/coupons';
import { isYuan, yuanToFen } from '@seller-centre/contract/money';
import { couponSystemFor, MIN_TOP_UP_YUAN, PAY_TYPES } from '@seller-centre/contract/orders';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import type { OrderOffer } from '../orders/service.ts';
import type { PlanItem } from '../packages/service.ts';
import type { ValueAddedItem } from '../quota/service.ts';
import type { TopUpItem } from '../third-party/service.ts';
import { findBuyableValueAdded, findTopUpAmount, quotePlan } from './service.ts';

/**
 * What the order call sells, priced from the catalogue: a plan (package_id
 * "ppi_id,shop_number,cycle"), a value-added package or another system's service (its
 * package_pay_id), a third-party top-up (a listed amount's id, or a custom amount). Each fixes the
 * item its owning module delivers when paid (packages, quota, third-party).
 */

function packageIdOf(input: { package_id?: unknown }): string {
  return input.package_id === undefined ? '' : String(input.package_id).trim();
}

export const planOffer: OrderOffer = {
  payTypes: [PAY_TYPES.plan],
  async price(ctx, input) {
    const parts = packageIdOf(input).split(',');
    if (parts.length !== 3 || !parts.every((p) => /^\d{1,9}$/.test(p.trim()))) {
      throw AppError.badRequest('fieldPlanPackage', { field: 'package_id' });
    }
    const [ppi_id, shop_number, cycle] = parts.map((p) => Number(p)) as [number, number, number];
    if (shop_number < 1) throw AppError.badRequest('fieldMinShops', { field: 'shop_number' });
    const quote = await quotePlan(ctx.db, ctx.lang, { ppi_id, shop_number, cycle });
    const platform = input.params?.platform;
    if (platform && platform !== quote.platform) throw AppError.badRequest('fieldNotListed', { field: 'platform' });
    return {
      item: {
        kind: 'plan',
        ppi_id: quote.ppiId,
        system: quote.system,
        platform: quote.platform,
        platform_image_url: quote.platformImageUrl,
        shops: quote.shops,
        months: quote.months,
      } satisfies PlanItem,
      title: quote.title,
      priceFen: quote.sellingFen,
      packagePayType: 1,
      couponSystem: couponSystemFor(input.pay_type, quote.system),
      couponService: null,
    };
  },
};

export const valueAddedOffer: OrderOffer = {
  payTypes: [PAY_TYPES.valueAdded, PAY_TYPES.otherSystem],
  async price(ctx, input) {
    const packageId = packageIdOf(input);
    if (!packageId) throw AppError.badRequest('fieldRequired', { field: 'package_id' });
    const id = /^\d{1,15}$/.test(packageId) ? Number(packageId) : NaN;
    const row = Number.isSafeInteger(id)
      ? await findBuyableValueAdded(ctx.db, ctx.principal, id, ctx.defaultCompanyName)
      : undefined;
    if (!row || row.service_type !== input.pay_type) throw AppError.badRequest('fieldUnknown', { field: 'package_id' });
    return {
      item: {
        kind: 'valueAdded',
        package_pay_id: row.package_pay_id,
        quota_type: row.quota_type,
        quota_amount: row.quota_amount,
        service: row.service,
        package_name: row.package_name,
      } satisfies ValueAddedItem,
      title: '',
      priceFen: row.price_fen,
      packagePayType: row.package_type,
      couponSystem: couponSystemFor(input.pay_type),
      couponService: couponServiceFor(row.quota_type) ?? null,
    };
  },
};

/** A third-party top-up: a listed amount, or a custom one from 50.00 with at most two decimals. */
export const topUpOffer: OrderOffer = {
  payTypes: [PAY_TYPES.topUp],
  takesAmount: true,
  async price(ctx, input) {
    const packageId = packageIdOf(input);
    const amount = input.amount === undefined ? undefined : String(input.amount).trim();
    let amountFen: number;
    if (amount !== undefined) {
      if (packageId) throw AppError.badRequest('fieldNotWithAmount', { field: 'package_id' });
      const fen = /^\d{1,11}(\.\d{1,2})?$/.test(amount) && isYuan(amount) ? yuanToFen(amount) : null;
      if (fen === null || fen < yuanToFen(MIN_TOP_UP_YUAN))
        throw AppError.badRequest('fieldMinTopUp', { field: 'amount' });
      amountFen = fen;
    } else {
      if (!packageId) throw AppError.badRequest('fieldRequired', { field: 'package_id' });
      const row = /^\d{1,15}$/.test(packageId) ? await findTopUpAmount(ctx.db, Number(packageId)) : undefined;
      if (!row) throw AppError.badRequest('fieldUnknown', { field: 'package_id' });
      amountFen = row.amount_fen;
    }
    return {
      item: { kind: 'topUp', amount_fen: amountFen } satisfies TopUpItem,
      title: translate(ctx.lang, 'topUpTitle', { amount: fenToYuan(amountFen) }),
      priceFen: amountFen,
      packagePayType: 0,
      couponSystem: couponSystemFor(input.pay_type),
      couponService: null,
    };
  },
};
