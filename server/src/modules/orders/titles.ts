import type { TLanguage } from '@seller-centre/contract/i18n';
import { orderKindOf } from './order-kinds.ts';

/**
 * An order's title in the reader's language, made from what the order bought (its item, named
 * by the module that delivers its kind), not the text stored when it was placed: a bill read in
 * Korean says Korean whoever ordered in Chinese, and a value-added package is named by its
 * service, not its code. The stored title is the answer only for an item no kind can name.
 */
export function orderTitle(lang: TLanguage, item: unknown, storedTitle: string): string {
  const kind = orderKindOf(item);
  return kind?.title?.(lang, item as Record<string, unknown> & { kind?: string }) ?? storedTitle;
}
