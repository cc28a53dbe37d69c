/**
 * Validation messages the contract's schemas carry instead of prose: stable ids that the server
 * turns into the spec's words in the caller's language (and that the browser's own form rules
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
  yuanTwoDecimals: 'validation.yuan_two_decimals',
  billTime: 'validation.bill_time',
} as const;

export type TValidationMessage = (typeof VALIDATION)[keyof typeof VALIDATION];

/** Account and employee names: letters and digits only (spec 01 section 5). */
export const NAME_PATTERN = /^[A-Za-z0-9]+$/;
