import type { TOperatorPermission } from '@seller-centre/contract/operators';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/**
 * One page of the operator console, declared in its own file
 * `web/src/features/<feature>/ops/<name>.route.tsx` (default export), in the feature that
 * owns the page's subject (the console's own pages, operators or proposals, in features/ops).
 * The app finds every such file at build time (web/src/app/ops-routes.ts), so adding a page (a
 * review queue, say) is one page file and one route file in that feature's `ops/` folder;
 * nothing else is edited.
 */
export type OpsRoute = {
  /** The path under /ops (`coupons` → /ops/coupons); letters, digits and dashes. */
  path: string;
  /** Place in the side menu, lowest first. */
  order: number;
  /** Translation key of the menu label and the page heading (web/locales/<lng>/ops.json). */
  titleKey: string;
  icon?: ReactNode;
  /**
   * What the operator's role must allow to see the page at all ('read', which every role has, when
   * absent). A page every role reads hides its actions itself, with `useOpsCan`.
   */
  permission?: TOperatorPermission;
  /** The page, loaded when first opened. */
  page: LazyExoticComponent<ComponentType>;
};

export function defineOpsRoute(route: OpsRoute): OpsRoute {
  return route;
}
