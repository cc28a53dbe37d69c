/** Interface languages (docs/product.md). zh is the default. `kr` is the contract's code for Korean. */
export const LANGUAGES = ['zh', 'kr', 'th'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'zh';

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
