import {
  opsCataloguePaths,
  type TOpsCatalogue,
  type TOpsPlatformUpdate,
  type TOpsTopUpUpdate,
  type TOpsValueAddedUpdate,
} from '@seller-centre/contract/ops';
import { queryOptions } from '@tanstack/react-query';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

export const catalogueKey = [...OPS_QUERY_KEY, 'catalogue'] as const;

/** The whole catalogue (a few dozen rows): one call, no paging. */
export const catalogueQuery = queryOptions({
  queryKey: catalogueKey,
  queryFn: ({ signal }) => opsRequest<TOpsCatalogue>('GET', opsCataloguePaths.catalogue, { signal }),
});

export type CatalogueChange =
  | { kind: 'platform'; id: number; body: TOpsPlatformUpdate }
  | { kind: 'valueAdded'; id: number; body: TOpsValueAddedUpdate }
  | { kind: 'topUp'; id: number; body: TOpsTopUpUpdate };

export function saveCatalogueChange(change: CatalogueChange) {
  const path =
    change.kind === 'platform'
      ? opsCataloguePaths.platform.replace(':ppi_id', String(change.id))
      : change.kind === 'valueAdded'
        ? opsCataloguePaths.valueAdded.replace(':package_pay_id', String(change.id))
        : opsCataloguePaths.topUp.replace(':id', String(change.id));
  return opsRequest<unknown>('PUT', path, { body: change.body });
}
