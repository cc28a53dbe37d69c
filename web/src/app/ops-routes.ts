import type { OpsRoute } from '../shared/ops/ops-route.ts';

/** Checks the declared pages and puts them in menu order; a mistake stops the console loading. */
export function collectOpsRoutes(modules: Record<string, { default?: OpsRoute }>): OpsRoute[] {
  const routes = Object.entries(modules).map(([file, module]) => {
    if (!module.default) throw new Error(`${file}: a console route file default-exports defineOpsRoute({...})`);
    if (!/^[a-z0-9-]+$/.test(module.default.path)) throw new Error(`${file}: path "${module.default.path}"`);
    return module.default;
  });
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`two console pages at /ops/${route.path}`);
    seen.add(route.path);
  }
  return routes.sort((a, b) => a.order - b.order || a.path.localeCompare(b.path));
}

/**
 * Every page of the console: each feature's `ops/*.route.tsx` files, found at build time.
 * Collected here, where assembling features is allowed, so a feature owns its console pages and
 * the console (features/ops) imports none of them.
 */
export const OPS_ROUTES: readonly OpsRoute[] = collectOpsRoutes(
  import.meta.glob<{ default?: OpsRoute }>('../features/*/ops/*.route.tsx', { eager: true }),
);
