import { AUDIT_ACTIONS, auditPaths, type TAuditAction, type TAuditEntry } from '@seller-centre/contract/audit';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { ROLE_PAGE_SIZES } from '@seller-centre/contract/roles';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api-client.ts';
import { choiceFilter, type ListState } from '../../shared/list/list-state.ts';

/**
 * The audit log of role, permission, employee and data-authority changes. Main
 * accounts only: the server refuses anyone else. Entries never change once written, but new
 * ones arrive with every change, so the list is fetched fresh each time the page opens.
 */

export type AuditTargetType = 'role' | 'employee';
export const AUDIT_TARGET_TYPES: readonly AuditTargetType[] = ['role', 'employee'];

/** The log's state in the URL: pages of 10, 20 or 30 as the other management lists, newest first. */
export const AUDIT_LIST = {
  pageSizes: ROLE_PAGE_SIZES,
  filters: {
    target_type: choiceFilter<AuditTargetType>(AUDIT_TARGET_TYPES),
    action: choiceFilter<TAuditAction>(AUDIT_ACTIONS),
  },
};

export type AuditListState = ListState<(typeof AUDIT_LIST)['filters'], (typeof ROLE_PAGE_SIZES)[number]>;

export type AuditLogPage = { total: number; data: TAuditEntry[] };

const AUDIT_QUERY_ROOT = ['audit-log'] as const;

const auditKeys = {
  all: AUDIT_QUERY_ROOT,
  list: (state: AuditListState, language: TLanguage) => [...AUDIT_QUERY_ROOT, 'list', language, state] as const,
};

/** One page of the log; silent, because the table shows a failure with its retry button. */
export function auditLogQuery(state: AuditListState, language: TLanguage) {
  const { page, limit, filters } = state;
  return queryOptions({
    queryKey: auditKeys.list(state, language),
    queryFn: ({ signal }) =>
      apiRequest<AuditLogPage>('GET', auditPaths.log, {
        query: { page, limit, target_type: filters.target_type, action: filters.action },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
