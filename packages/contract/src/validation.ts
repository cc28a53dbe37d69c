/**
 * Validation messages the contract's schemas carry instead of prose: stable ids that the server
 * turns into the contract's words in the caller's language (and that the browser's own form rules
 * mirror), so a refused value is explained the same way on both sides.
 */
export const VALIDATION = {
  phoneDigits: 'validation.phone_digits',
  smsCodeDigits: 'validation.sms_code_digits',
  lettersOrDigits: 'validation.letters_or_digits',
  needsLetter: 'validation.needs_letter',
  needsDigit: 'validation.needs_digit',
  needsSpecial: 'validation.needs_special',
  privacyRequired: 'validation.privacy_required',
  passwordMismatch: 'validation.password_mismatch',
  commaJoinedIds: 'validation.comma_joined_ids',
  hiddenCharacters: 'validation.hidden_characters',
  oneTenant: 'validation.one_tenant',
  softwareTopUpRequired: 'validation.software_top_up_required',
  softwareTopUpOnly: 'validation.software_top_up_only',
  aboveZero: 'validation.above_zero',
  discountRate: 'validation.discount_rate',
  aboveReduction: 'validation.above_reduction',
  inFuture: 'validation.in_future',
  notBelowPrice: 'validation.not_below_price',
  yuanTwoDecimals: 'validation.yuan_two_decimals',
  billTime: 'validation.bill_time',
  bankNumber: 'validation.bank_number',
  bankName: 'validation.bank_name',
  notAfterToday: 'validation.not_after_today',
  format: 'validation.format',
} as const;

export type TValidationMessage = (typeof VALIDATION)[keyof typeof VALIDATION];

/** Account and employee names: letters and digits only (docs/product.md). */
export const NAME_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * Characters that change how a name looks without being seen, or are no text at all: control
 * characters (Cc), format characters (Cf: zero-width spaces and joiners, bidirectional overrides
 * and isolates, the byte-order mark, soft hyphen), line and paragraph separators, and the Hangul
 * fillers that render blank. With them one employee can be named to look exactly like another.
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/**
 * The one form of a name a person gives (account, employee, role, company, nickname): NFKC, so
 * full-width and compatibility forms read as the plain letters they look like, then trimmed.
 */
export function normaliseName(value: string): string {
  return value.normalize('NFKC').trim();
}

/** Whether a name holds a character that hides or disguises text (see HIDDEN_CHARACTERS). */
export function hasHiddenCharacters(value: string): boolean {
  return HIDDEN_CHARACTERS.test(value);
}
