import { supplierPaths, type TSupplierInfo, type TSupplierRegister } from '@seller-centre/contract/supplier';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';

export const SUPPLIER_QUERY_KEY = ['session', 'supplier'] as const;

export const supplierInfoQuery = queryOptions({
  queryKey: SUPPLIER_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<TSupplierInfo>('GET', supplierPaths.info, { signal }),
});

export function registerSupplier(body: TSupplierRegister) {
  return apiRequest<TSupplierInfo>('POST', supplierPaths.register, { body });
}

/** Fields and submit are locked while the application waits (1) or once approved (2). */
export function isLocked(status: number): boolean {
  return status === 1 || status === 2;
}
