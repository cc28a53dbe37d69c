import { z } from 'zod';
import { VALIDATION } from './validation.ts';

/**
 * One phone, one form. People write the same number many ways: `13912345678`, `013912345678`
 * (trunk prefix), `8613912345678` (country code), `+8613912345678`, `008613912345678`
 * (international dialling prefix). Every limit, every uniqueness check and every sign-in keys on
 * the phone, so each would otherwise count one person as several. Both sides call
 * `normalisePhone` (the browser's forms to check, the contract's schemas on the server to
 * rewrite), and the database stores only its result: digits, no country code, no trunk prefix.
 */

/** Area codes offered by the phone prefix selector (docs/product.md). Default 86. */
export const AREA_CODES = ['86', '988', '66', '65', '88'] as const;
export type TAreaCode = (typeof AREA_CODES)[number];
export const DEFAULT_AREA: TAreaCode = '86';

/**
 * The longest national number of an area, without trunk prefix. A number written with the area's
 * country code in front but no `+` is recognised by being longer than this (so a national number
 * that happens to start with the same digits is left alone).
 */
const NATIONAL_MAX: Record<TAreaCode, number> = { '86': 11, '66': 9, '65': 8, '988': 12, '88': 12 };

/** National numbers stored: 4 to 14 digits, never a leading zero (that is the trunk prefix). */
const NATIONAL = /^[1-9]\d{3,13}$/;

/** What a person may type: digits, a leading `+`, and spaces, hyphens, dots or brackets between. */
export const PHONE_INPUT = /^\+?[\d\s().-]{4,24}$/;

export type TNormalisedPhone = { area: TAreaCode; phone_number: string };

function isAreaCode(value: string): value is TAreaCode {
  return (AREA_CODES as readonly string[]).includes(value);
}

/**
 * The one form of a phone, or null when it is not a phone. `area` is the selected area code; a
 * number written in international form (`+66…`, `0066…`) carries its own, which wins.
 */
export function normalisePhone(area: string, raw: string): TNormalisedPhone | null {
  if (!isAreaCode(area) || !PHONE_INPUT.test(raw.trim())) return null;
  let digits = raw.trim().replace(/[\s().-]/g, '');
  let region: TAreaCode = area;
  const international = digits.startsWith('+') ? digits.slice(1) : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    const code = AREA_CODES.find((c) => international.startsWith(c));
    if (!code || !/^\d+$/.test(international)) return null;
    region = code;
    digits = international.slice(code.length);
  } else if (digits.startsWith(region) && digits.length > NATIONAL_MAX[region]) {
    digits = digits.slice(region.length);
  }
  digits = digits.replace(/^0+/, '');
  return NATIONAL.test(digits) ? { area: region, phone_number: digits } : null;
}

/** A phone number field as typed; the object it is in rewrites it (`withNormalisedPhone`). */
export const ZPhoneNumber = z.string().trim().regex(PHONE_INPUT, VALIDATION.phoneDigits);

/**
 * Rewrites an input's `area` and `phone_number` to the one form, or refuses the phone (400
 * naming `phone_number`). Every request that names a phone goes through this.
 */
export function withNormalisedPhone<S extends z.ZodType<{ area: string; phone_number: string }>>(schema: S) {
  return schema.transform((value, ctx): z.output<S> => {
    const phone = normalisePhone(value.area, value.phone_number);
    if (!phone) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_number'],
        message: VALIDATION.phoneDigits,
        input: value.phone_number,
      });
      return z.NEVER;
    }
    return { ...value, ...phone };
  });
}
