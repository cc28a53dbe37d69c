import { auditPaths, type TAuditAction, type TAuditEntry } from '@seller-centre/contract/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';

/**
 * The audit log of role, permission, employee and data-authority changes (issue 4). Main
 * accounts only: the server refuses anyone else. Entries never change once written, but new
 * ones arrive with every change, so the list is fetched fresh each time the page opens.
 */

export type AuditTargetType = 'role' | 'employee';
export type AuditPageSize = 10 | 20 | 30;

export type AuditLogParams = {
  page: number;
  limit: AuditPageSize;
  target_type?: AuditTargetType;
  action?: TAuditAction;
};

export type AuditLogPage = { total: number; data: TAuditEntry[] };

export const AUDIT_QUERY_ROOT = ['audit-log'] as const;

export const auditKeys = {
  all: AUDIT_QUERY_ROOT,
  list: (params: AuditLogParams) => [...AUDIT_QUERY_ROOT, 'list', params] as const,
};

export function auditLogQuery(params: AuditLogParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => apiRequest<AuditLogPage>('GET', auditPaths.log, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
