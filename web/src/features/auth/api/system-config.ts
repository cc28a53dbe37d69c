import {
  type TAdvertisingImage,
  type TConfigItem,
  ZAdvertisingImage,
  systemConfigPaths,
} from '@seller-centre/contract/system-config';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

export const ADVERTISING_CONFIG_CODE = 'login_advertising_map';

/** The carousel's images from the platform config; malformed entries are skipped. */
export function advertisingImagesOf(items: readonly TConfigItem[]): TAdvertisingImage[] {
  const value = items.find((item) => item.config_code === ADVERTISING_CONFIG_CODE)?.config_value;
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = ZAdvertisingImage.safeParse(entry);
    return parsed.success && parsed.data.img_url ? [parsed.data] : [];
  });
}

export const systemConfigQuery = queryOptions({
  queryKey: ['system-config'] as const,
  // Silent: without the carousel the login page still works, so it shows no error for it.
  queryFn: ({ signal }) => apiRequest<TConfigItem[]>('GET', systemConfigPaths.systemConfig, { signal, silent: true }),
  staleTime: 10 * 60_000,
});
