import type { TLanguage } from '@seller-centre/contract/i18n';
import { OPS_PAGE_SIZES } from '@seller-centre/contract/ops';
import {
  tenantOpsPaths,
  type TOperatorAuditEntry,
  type TOperatorAuditFilter,
  type TTenantOverview,
} from '@seller-centre/contract/tenant-ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { LONG_TIMEOUT_MS } from '../../../shared/api-client.ts';
import { dateRangeFilter, textFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

export const tenantOpsKeys = {
  overview: [...OPS_QUERY_KEY, 'tenant-overview'] as const,
  audit: [...OPS_QUERY_KEY, 'operator-audit'] as const,
};

/** One tenant, whole: read by id (the search finds the id first). */
export function tenantOverviewQuery(tenantId: number, language: TLanguage) {
  return queryOptions({
    queryKey: [...tenantOpsKeys.overview, tenantId, language] as const,
    queryFn: ({ signal }) =>
      opsRequest<TTenantOverview>('GET', tenantOpsPaths.overview.replace(':id', String(tenantId)), {
        signal,
        silent: true,
      }),
  });
}

/** The operator audit log in the URL: operator, tenant, action prefix, days; pages of 10, 20 or 50. */
export const AUDIT_LIST = {
  pageSizes: OPS_PAGE_SIZES,
  defaultPageSize: 20 as const,
  filters: {
    operator: textFilter({ maxLength: 64 }),
    tenant: textFilter({ maxLength: 15 }),
    action: textFilter({ maxLength: 64 }),
    days: dateRangeFilter(),
  },
};

type AuditListState = ListState<(typeof AUDIT_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

/** The list's filters as the API takes them: days are the operator's local days, `to` inclusive. */
export function auditFilterOf(filters: AuditListState['filters']): TOperatorAuditFilter {
  const tenant = filters.tenant.trim();
  return {
    operator_name: filters.operator.trim() || undefined,
    tenant_id: /^\d{1,15}$/.test(tenant) ? Number(tenant) : undefined,
    action: filters.action.trim() || undefined,
    from: filters.days ? dayjs(filters.days.from).startOf('day').toISOString() : undefined,
    to: filters.days ? dayjs(filters.days.to).add(1, 'day').startOf('day').toISOString() : undefined,
  };
}

export function auditListQuery(state: AuditListState) {
  return queryOptions({
    queryKey: [...tenantOpsKeys.audit, state] as const,
    queryFn: ({ signal }) =>
      opsRequest<{ total: number; data: TOperatorAuditEntry[] }>('GET', tenantOpsPaths.auditLog, {
        query: { ...auditFilterOf(state.filters), page: state.page, page_size: state.limit },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filter's entries as a CSV file (the token travels in a header, so not a plain link). */
export async function downloadAuditCsv(filter: TOperatorAuditFilter): Promise<void> {
  const blob = await opsRequest<Blob>('GET', tenantOpsPaths.auditLogExport, {
    query: filter,
    responseType: 'blob',
    timeoutMs: LONG_TIMEOUT_MS,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `operator-audit-${dayjs().format('YYYYMMDDHHmmss')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
