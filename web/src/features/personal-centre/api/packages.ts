import { type TUserPackage, packagePaths } from '@seller-centre/contract/packages';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../shared/current-user.ts';

/** The tenant's package of one system: 1 ERP, 2 selection. */
export const userPackageQuery = (system: 1 | 2) =>
  queryOptions({
    queryKey: [...SESSION_QUERY_KEY, 'user-package', system] as const,
    queryFn: ({ signal }) => apiRequest<TUserPackage>('GET', packagePaths.package, { query: { system }, signal }),
  });
