/**
 * The count on the export download list button (docs/product.md: a badge shows at most 999):
 * the viewer's exports at this provider; nothing when there are none, '999+' beyond 999.
 */
export const EXPORT_BADGE_MAX = 999;

export function exportBadgeCount(total: number | undefined): string | number {
  if (!total || total < 0) return 0;
  return total > EXPORT_BADGE_MAX ? `${EXPORT_BADGE_MAX}+` : total;
}
