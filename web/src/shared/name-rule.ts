import { NAME_PATTERN } from '@seller-centre/contract/validation';
import type { FormRule } from 'antd';

/**
 * Account and employee names: letters and digits only (spec 01 section 5), checked on the
 * trimmed value as the server checks it; an empty value is the 'required' rule's to report.
 */
export function lettersOrDigitsRule(message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || NAME_PATTERN.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
