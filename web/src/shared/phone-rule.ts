import { DEFAULT_AREA, normalisePhone } from '@seller-centre/contract/phone';
import type { FormRule } from 'antd';

/** Input length for a phone typed with its country code and separators (`+86 139-1234-5678`). */
export const PHONE_INPUT_MAX = 24;

/**
 * A phone field's rule: the contract's own normalisation decides (the server rewrites the same
 * way), so `013912345678` and `+8613912345678` pass here and are one phone there. Reads the
 * form's `area` field.
 */
export function phoneRule(message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
      const area = (getFieldValue('area') as string | undefined) ?? DEFAULT_AREA;
      return normalisePhone(area, value) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}
