import type { TLanguage } from '@seller-centre/contract/i18n';
import { valueAddedServiceNames } from '../../messages/orders.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import type { OrderItem } from './fulfilment.ts';

/**
 * An order's title in the reader's language, made from what the order bought (its item), not
 * the text stored when it was placed: a bill read in Korean says Korean whoever ordered in
 * Chinese, and a value-added package is named by its service, not its code. The stored title
 * is the answer only for an item this code cannot read.
 */
export function orderTitle(lang: TLanguage, item: unknown, storedTitle: string): string {
  const it = item as Partial<OrderItem> & Record<string, unknown>;
  switch (it?.kind) {
    case 'plan':
      if (typeof it.platform === 'string' && typeof it.shops === 'number' && typeof it.months === 'number') {
        return translate(lang, 'planTitle', { platform: it.platform, shops: it.shops, months: it.months });
      }
      break;
    case 'valueAdded':
      if (typeof it.service === 'string') {
        const names = valueAddedServiceNames[it.service as keyof typeof valueAddedServiceNames];
        const name = names?.[lang] ?? it.service;
        const packageName = typeof it.package_name === 'string' ? it.package_name : String(it.quota_amount ?? '');
        return translate(lang, 'valueAddedTitle', { name: `${name} ${packageName}`.trim() });
      }
      break;
    case 'topUp':
      if (typeof it.amount_fen === 'number') return translate(lang, 'topUpTitle', { amount: fenToYuan(it.amount_fen) });
      break;
    case 'warehouseTopUp':
      if (typeof it.amount_fen === 'number' && typeof it.provider_name === 'string') {
        return translate(lang, 'warehouseTopUpTitle', { amount: fenToYuan(it.amount_fen), provider: it.provider_name });
      }
      break;
  }
  return storedTitle;
}
