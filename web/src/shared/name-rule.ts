import { hasHiddenCharacters, NAME_PATTERN, normaliseName } from '@seller-centre/contract/validation';
import type { FormRule } from 'antd';

/**
 * Account and employee names: letters and digits only (docs/product.md), checked on the
 * normalised value (NFKC, trimmed) as the server checks it; an empty value is the 'required'
 * rule's to report.
 */
export function lettersOrDigitsRule(message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || normaliseName(value) === '' || NAME_PATTERN.test(normaliseName(value))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/**
 * Any name a person gives (role, company, account, employee): no zero-width, control or
 * text-direction characters, the contract's rule, said before any other rule of the field.
 */
export function visibleTextRule(message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && hasHiddenCharacters(normaliseName(value))
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  };
}
