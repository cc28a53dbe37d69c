import type {
  TPlanPlatform,
  TPriceInfo,
  TPriceQuery,
  TRechargeCategory,
  TSystemMenu,
} from '@seller-centre/contract/catalogue';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { couponServiceFor } from '@seller-centre/contract/coupons';
import { PAY_TYPES } from '@seller-centre/contract/orders';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { checkCouponForOrder, couponSystemFor } from '../coupons/service.ts';
import { forecastPlanAfter, listPlanEnds } from '../packages/service.ts';
import { isYuan, yuanToFen } from '@seller-centre/contract/money';
import { fenToYuan } from '../../platform/fen.ts';
import { daysRemaining } from '@seller-centre/contract/packages';
import { planPrice } from './pricing.ts';
import {
  findAllPlanPlatforms,
  findCompanyName,
  findPlanItems,
  findPlanPlatform,
  findPlanPlatforms,
  findTopUp,
  findTopUps,
  findValueAddedPackage,
  findValueAddedPackages,
  updatePlanPlatform,
  updateTopUpRow,
  updateValueAdded,
} from './repository.ts';
import { VALIDATION } from '@seller-centre/contract/validation';
import { isUniqueViolation } from '../../db/errors.ts';

/** The ERP's plan platforms with their shop-count and cycle choices. */
export async function listPlanPlatforms(db: Db, lang: TLanguage): Promise<TPlanPlatform[]> {
  const platforms = await findPlanPlatforms(db, 1);
  const items = await findPlanItems(
    db,
    platforms.map((p) => p.ppi_id),
  );
  return platforms.map((p) => {
    const own = items.filter((i) => i.ppi_id === p.ppi_id);
    return {
      ppi_id: p.ppi_id,
      platform: p.platform,
      platform_image_url: p.platform_image_url,
      attribute_list: [
        {
          attribute_code: 'shop_number' as const,
          attribute_name: translate(lang, 'attributeShopNumber'),
          attribute_item: own
            .filter((i) => i.attribute_code === 'shop_number')
            .map((i) => ({
              item_name: translate(lang, 'shopNumberItem', { count: i.item_value }),
              item_value: i.item_value,
            })),
          custom_status: p.custom_shop_number ? (1 as const) : (0 as const),
        },
        {
          attribute_code: 'cycle' as const,
          attribute_name: translate(lang, 'attributeCycle'),
          attribute_item: own
            .filter((i) => i.attribute_code === 'cycle')
            .map((i) => ({
              item_name: translate(lang, 'cycleItem', { months: i.item_value }),
              item_value: i.item_value,
            })),
          custom_status: 0 as const,
        },
      ],
    };
  });
}

export type PlanQuote = {
  ppiId: number;
  system: number;
  platform: string;
  platformImageUrl: string;
  shops: number;
  months: number;
  title: string;
  originalFen: number;
  sellingFen: number;
};

/**
 * The price of one plan choice, or a 400 naming the field that does not fit the catalogue: an
 * unknown platform, a shop count that is neither listed nor allowed as custom, an unlisted cycle.
 */
export async function quotePlan(db: Db, lang: TLanguage, query: TPriceQuery): Promise<PlanQuote> {
  const platform = await findPlanPlatform(db, query.ppi_id);
  if (!platform) throw AppError.badRequest('fieldUnknown', { field: 'ppi_id' });
  const items = await findPlanItems(db, [platform.ppi_id]);
  if (query.shop_number < 1) throw AppError.badRequest('fieldMinShops', { field: 'shop_number' });
  const listedShops = items.some((i) => i.attribute_code === 'shop_number' && i.item_value === query.shop_number);
  if (!listedShops && !platform.custom_shop_number)
    throw AppError.badRequest('fieldNotListed', { field: 'shop_number' });
  const cycle = items.find((i) => i.attribute_code === 'cycle' && i.item_value === query.cycle);
  if (!cycle) throw AppError.badRequest('fieldNotListed', { field: 'cycle' });
  const { originalFen, sellingFen } = planPrice({
    shopMonthFen: platform.shop_month_price_fen,
    shops: query.shop_number,
    months: query.cycle,
    cyclePercent: cycle.price_percent,
  });
  return {
    ppiId: platform.ppi_id,
    system: platform.system,
    platform: platform.platform,
    platformImageUrl: platform.platform_image_url,
    shops: query.shop_number,
    months: query.cycle,
    title: translate(lang, 'planTitle', { platform: platform.platform, shops: query.shop_number, months: query.cycle }),
    originalFen,
    sellingFen,
  };
}

/**
 * The price of one plan choice and, with a coupon, what the order would charge after it: the
 * coupon is checked by the same rules generateOrder applies (owner, use, system, minimum, not
 * used, expired or held by an unpaid order), so the checkout shows the amount before the order exists.
 */
export async function getPlanPrice(
  db: Db,
  lang: TLanguage,
  query: TPriceQuery,
  principal: Principal,
): Promise<TPriceInfo> {
  const quote = await quotePlan(db, lang, query);
  const discountFen = query.coupon_id
    ? (
        await checkCouponForOrder(db, {
          couponId: query.coupon_id,
          tenantId: principal.tenantId,
          payType: PAY_TYPES.plan,
          system: couponSystemFor(PAY_TYPES.plan),
          priceFen: quote.sellingFen,
        })
      ).discountFen
    : 0;
  const after = await forecastPlanAfter(db, {
    tenantId: principal.tenantId,
    system: quote.system,
    platform: quote.platform,
    shops: quote.shops,
    months: quote.months,
  });
  return {
    title: quote.title,
    original_price: fenToYuan(quote.originalFen),
    selling_price: fenToYuan(quote.sellingFen),
    discount: fenToYuan(discountFen),
    amount: fenToYuan(quote.sellingFen - discountFen),
    shop_number_after: after.shop_number,
    expire_at_after: after.expire_at.toISOString(),
  };
}

/** Whether the tenant is the default company, which alone sees the annual-plan-only categories. */
async function isDefaultCompany(db: Db, principal: Principal, defaultCompanyName: string | undefined) {
  if (!defaultCompanyName) return false;
  return (await findCompanyName(db, principal.tenantId)) === defaultCompanyName;
}

/** Value-added packages by category and service (the categories only the default company sees left out for others). */
export async function listRechargeCategories(
  db: Db,
  principal: Principal,
  defaultCompanyName: string | undefined,
): Promise<TRechargeCategory[]> {
  const rows = await findValueAddedPackages(db, {
    withDefaultCompanyOnly: await isDefaultCompany(db, principal, defaultCompanyName),
  });
  const categories = new Map<string, TRechargeCategory>();
  for (const row of rows) {
    const key = `${row.category}:${row.service_type}`;
    let category = categories.get(key);
    if (!category) {
      category = { category: row.category, service_type: row.service_type, detail: {}, annual_plan_only: false };
      categories.set(key, category);
    }
    category.annual_plan_only ||= row.default_company_only;
    (category.detail[row.service] ??= []).push({
      package_pay_id: row.package_pay_id,
      package_name: row.package_name,
      package_type: row.package_type,
      price: fenToYuan(row.price_fen),
      retail_price: fenToYuan(row.retail_price_fen),
      coupon_service: couponServiceFor(row.quota_type) ?? null,
    });
  }
  return [...categories.values()];
}

/** A value-added package a tenant may buy (the default company's own ones only for it), or undefined. */
export async function findBuyableValueAdded(
  db: Db,
  principal: Principal,
  packagePayId: number,
  defaultCompanyName: string | undefined,
) {
  const row = await findValueAddedPackage(db, packagePayId);
  if (!row) return undefined;
  if (row.default_company_only && !(await isDefaultCompany(db, principal, defaultCompanyName))) return undefined;
  return row;
}

export async function listTopUpAmounts(db: Db) {
  return (await findTopUps(db)).map((t) => ({ id: t.id, amount: fenToYuan(t.amount_fen) }));
}

export async function findTopUpAmount(db: Db, id: number) {
  return findTopUp(db, id);
}

/** The tenant's plans with their end and days remaining. */
export async function getSystemMenu(db: Db, principal: Principal, now = new Date()): Promise<TSystemMenu> {
  const plans = await listPlanEnds(db, principal.tenantId);
  return {
    package_list: plans.map((p) => ({
      platform: p.platform,
      system: p.system,
      shop_number: p.shop_number,
      package_end_time: p.expire_at.toISOString(),
      days_remaining: daysRemaining(p.expire_at, now),
    })),
  };
}

// ---- the operator console (ops-console calls these; its routes check the operator) ----------

/** The whole catalogue as stored, disabled entries included, prices in fen. */
export async function readCatalogue(db: Db) {
  const [platforms, valueAdded, topUps] = await Promise.all([
    findAllPlanPlatforms(db),
    findValueAddedPackages(db, { withDefaultCompanyOnly: true, all: true }),
    findTopUps(db, { all: true }),
  ]);
  const items = await findPlanItems(
    db,
    platforms.map((p) => p.ppi_id),
  );
  return { platforms, planItems: items, valueAdded, topUps };
}

/** Changes a plan platform's shop-month price (yuan string) or availability; 404 when unknown. */
export async function updatePlanPlatformPrice(
  db: Db,
  input: { ppi_id: number; shop_month_price?: string | undefined; enabled?: boolean | undefined },
) {
  const changes: { shop_month_price_fen?: number; enabled?: boolean } = {};
  if (input.shop_month_price !== undefined) {
    const fen = isYuan(input.shop_month_price) ? yuanToFen(input.shop_month_price) : null;
    if (fen === null || fen <= 0) throw AppError.badRequest('fieldUnknown', { field: 'shop_month_price' });
    changes.shop_month_price_fen = fen;
  }
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  const row = await updatePlanPlatform(db, input.ppi_id, changes);
  if (!row) throw AppError.notFound();
  return row;
}

/** Changes a value-added package's prices (yuan strings) or availability; 404 when unknown. */
export async function updateValueAddedPackage(
  db: Db,
  input: {
    package_pay_id: number;
    price?: string | undefined;
    retail_price?: string | undefined;
    enabled?: boolean | undefined;
  },
) {
  const changes: { price_fen?: number; retail_price_fen?: number; enabled?: boolean } = {};
  for (const [field, column] of [
    ['price', 'price_fen'],
    ['retail_price', 'retail_price_fen'],
  ] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const fen = isYuan(value) ? yuanToFen(value) : null;
    if (fen === null || fen <= 0) throw AppError.badRequest('fieldUnknown', { field });
    changes[column] = fen;
  }
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  const row = await updateValueAdded(db, input.package_pay_id, changes);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Changes a listed top-up amount (yuan string) or its availability; 404 when unknown, 409 when
 * another listed amount is already that much.
 */
export async function updateTopUpAmount(
  db: Db,
  input: { id: number; amount?: string | undefined; enabled?: boolean | undefined },
) {
  const changes: { amount_fen?: number; enabled?: boolean } = {};
  if (input.amount !== undefined) {
    const fen = isYuan(input.amount) ? yuanToFen(input.amount) : null;
    if (fen === null || fen <= 0) throw AppError.invalidField('amount', VALIDATION.aboveZero);
    changes.amount_fen = fen;
  }
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  try {
    const row = await updateTopUpRow(db, input.id, changes);
    if (!row) throw AppError.notFound();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('topUpAmountTaken');
    throw error;
  }
}
