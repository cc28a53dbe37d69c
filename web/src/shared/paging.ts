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
