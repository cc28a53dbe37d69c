import type { TCoupon } from '@seller-centre/contract/coupons';

/**
 * What a coupon card says, as translation keys and values (docs/product.md). Money
 * arrives as decimal strings and is only re-formatted here, never turned into a float.
 */

/** "50.00" → "50", "8.50" → "8.5", "300.10" → "300.1". */
export function trimDecimal(value: string): string {
  const text = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The percentage off of a fixed-discount coupon: 8.5 (tenths of the price paid, Chinese 折)
 * is 15 % off. Integer arithmetic in hundredths, so "8.50" never becomes 14.999….
 */
export function percentOff(rate: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) return rate;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  const offTenths = Math.max(0, 1000 - hundredths); // percent, in tenths: 1000 = 100.0 %
  const whole = Math.floor(offTenths / 10);
  const tenth = offTenths % 10;
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`;
}

export type Text = { key: string; values?: Record<string, string> };

/**
 * How a language writes a fixed discount: 'zhe' shows the rate of the price paid (8.5折),
 * 'percent' the share taken off (15%). Each language's coupons.json says which
 * (`coupons.discount.rateStyle`), as a translator decides how a date is written.
 */
export type RateStyle = 'zhe' | 'percent';

/**
 * The headline and the condition line of a coupon, by discount_type: 1 amount off (no
 * threshold), 2 threshold reduction (min_basket_price), 3 fixed discount.
 */
export function discountText(
  coupon: Pick<TCoupon, 'discount_type' | 'discount_value' | 'min_basket_price'>,
  rateStyle: RateStyle,
): { headline: Text; condition: Text } {
  const amount = trimDecimal(coupon.discount_value);
  switch (coupon.discount_type) {
    case 2:
      return {
        headline: { key: 'coupons.discount.amount', values: { amount } },
        condition: { key: 'coupons.discount.threshold', values: { min: trimDecimal(coupon.min_basket_price) } },
      };
    case 3:
      return {
        headline: {
          key: 'coupons.discount.rate',
          values: { value: rateStyle === 'zhe' ? amount : percentOff(coupon.discount_value) },
        },
        condition: { key: 'coupons.discount.rateCondition' },
      };
    default:
      return {
        headline: { key: 'coupons.discount.amount', values: { amount } },
        condition: { key: 'coupons.discount.noThreshold' },
      };
  }
}

/** docs/product.md: the use type, and for software top-ups (2) what the top-up is for. */
export function useTypeKeys(coupon: Pick<TCoupon, 'use_type' | 'use_type_value'>): {
  useType: string;
  detail?: string;
} {
  const useType = [1, 2, 3].includes(coupon.use_type) ? `coupons.useType.${coupon.use_type}` : 'coupons.useType.other';
  if (coupon.use_type !== 2 || coupon.use_type_value === null) return { useType };
  const known = [1, 2, 3, 4, 6, 7].includes(coupon.use_type_value);
  return { useType, detail: known ? `coupons.useTypeValue.${coupon.use_type_value}` : undefined };
}
