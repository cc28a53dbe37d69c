import type { TablePaginationConfig } from 'antd';

/**
 * After a change (a deletion, a status toggle) the page being shown can be past the end of the
 * list: the page to step back to is the last one that still has rows.
 */
export function clampPage(page: number, limit: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / limit));
  return Math.min(Math.max(1, page), last);
}

/**
 * The page a management list should move to when the server answered an empty page, or
 * undefined to stay. Never the page already shown: a list whose total disagrees with its rows
 * must not set the same page again on every render.
 */
export function pageAfterEmptyAnswer(params: { page: number; limit: number }, total: number): number | undefined {
  if (params.page <= 1) return undefined;
  const page = clampPage(params.page, params.limit, total);
  return page === params.page ? undefined : page;
}

/** The page and size a list moves to when the pager changes: a new page size starts at page 1. */
export function pagerChange<L extends number>(current: { limit: L }, page: number, pageSize: number) {
  return { page: pageSize !== current.limit ? 1 : page, limit: pageSize as L };
}

/** The antd Table pager of a server-paged management list (sizes from the spec: 10/20/30). */
export function serverPagination<L extends number>(options: {
  params: { page: number; limit: L };
  total: number;
  sizes: readonly L[];
  showTotal: (total: number) => string;
  onChange: (next: { page: number; limit: L }) => void;
  quickJumper?: boolean;
}): TablePaginationConfig {
  const { params } = options;
  return {
    current: params.page,
    pageSize: params.limit,
    total: options.total,
    showSizeChanger: true,
    showQuickJumper: options.quickJumper ?? false,
    pageSizeOptions: options.sizes.map(String),
    showTotal: options.showTotal,
    onChange: (page, pageSize) => options.onChange(pagerChange(params, page, pageSize)),
  };
}
