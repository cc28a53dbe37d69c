import type { TWmsProvider } from '@seller-centre/contract/warehouse';

/** The URL parameter naming the provider the cloud warehouse bill shows (`&wws=2002`). */
export const PROVIDER_PARAM = 'wws';

/**
 * The provider the bill shows: the one the URL names, none if it names one the tenant has no
 * account with, and the first when it names none (the page then writes it into the URL).
 */
export function shownProvider(list: readonly TWmsProvider[], params: URLSearchParams): number | undefined {
  if (!params.has(PROVIDER_PARAM)) return list[0]?.wws_id;
  const requested = Number(params.get(PROVIDER_PARAM));
  return list.find((p) => p.wws_id === requested)?.wws_id;
}
