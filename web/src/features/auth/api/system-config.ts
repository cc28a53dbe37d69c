import { type TAdvertisingImage, type TConfigItem, systemConfigPaths } from '@seller-centre/contract/system-config';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

const ADVERTISING_CONFIG_CODE = 'login_advertising_map';

/**
 * The carousel's images from the platform config; malformed entries are skipped. Checked by hand
 * rather than with the contract's schema: the login page would otherwise load zod for this alone.
 */
export function advertisingImagesOf(items: readonly TConfigItem[]): TAdvertisingImage[] {
  const value = items.find((item) => item.config_code === ADVERTISING_CONFIG_CODE)?.config_value;
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { img_url, jump_url } = entry as Record<string, unknown>;
    if (typeof img_url !== 'string' || !img_url) return [];
    if (jump_url !== undefined && typeof jump_url !== 'string') return [];
    return [jump_url === undefined ? { img_url } : { img_url, jump_url }];
  });
}

export const systemConfigQuery = queryOptions({
  queryKey: ['system-config'] as const,
  // Silent: without the carousel the login page still works, so it shows no error for it.
  queryFn: ({ signal }) => apiRequest<TConfigItem[]>('GET', systemConfigPaths.systemConfig, { signal, silent: true }),
  staleTime: 10 * 60_000,
});
