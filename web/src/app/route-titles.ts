import { DEFAULT_MODULE_KEY, MODULES } from './modules.ts';

/**
 * A route's title in the route table: a translation key, or `module` for the personal centre,
 * whose title is that of the module `?active=` names.
 */
export type RouteHandle = { title: string | 'module' };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The translation key of the page title for the matched routes and query. */
export function routeTitleKey(handles: readonly unknown[], search: URLSearchParams): string | undefined {
  const handle = [...handles].reverse().find(isRouteHandle);
  if (!handle) return undefined;
  if (handle.title !== 'module') return handle.title;
  const active = search.get('active');
  return (MODULES.find((m) => m.key === active) ?? MODULES.find((m) => m.key === DEFAULT_MODULE_KEY))?.titleKey;
}
