import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPS_PREFIX } from '@seller-centre/contract/operators';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The operator console (routes under /api/ops) is a scope every module owns: a console route
 * lives in the module whose tables it serves, in a file named `ops-routes.ts` or `ops-<part>-routes.ts`, so a console
 * change is reviewed with its module. There is no catch-all `modules/ops/`. Exceptions: the
 * operators module (the console's own sign-in and session) and platform/uploads (the one upload
 * store both scopes read).
 */

const serverSrc = path.dirname(fileURLToPath(import.meta.url));
const contractSrc = path.resolve(serverSrc, '../../packages/contract/src');

const ALLOWED_ELSEWHERE = ['modules/operators/', 'platform/uploads/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `name.key` for every contract path constant under the operator prefix (e.g. `opsWarehousePaths.import`). */
async function opsPathRefs(): Promise<string[]> {
  const refs: string[] = [];
  for (const file of sourceFiles(contractSrc)) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      for (const [key, v] of Object.entries(value)) {
        if (typeof v === 'string' && (v === OPS_PREFIX || v.startsWith(`${OPS_PREFIX}/`))) refs.push(`${name}.${key}`);
      }
    }
  }
  return refs;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a source registers a route whose path (the first argument) is under the operator prefix. */
export function registersOpsRoute(source: string, refs: readonly string[]): boolean {
  const first = [
    ...refs.map((r) => `${escape(r)}\\b`),
    `['"\`]${escape(OPS_PREFIX)}(?:/|['"\`])`,
    '`\\$\\{OPS_PREFIX\\}',
  ].join('|');
  return new RegExp(`\\.(?:get|post|put|patch|delete|route)\\(\\s*(?:${first})`).test(source);
}

/** Where a file that registers console routes may live (path relative to server/src, with /). */
export function isOpsRouteHome(relative: string): boolean {
  if (ALLOWED_ELSEWHERE.some((p) => relative.startsWith(p))) return true;
  return /^modules\/[^/]+\/ops-(?:[a-z-]+-)?routes\.ts$/.test(relative);
}

describe('operator console layout', () => {
  let refs: string[];
  beforeAll(async () => {
    refs = await opsPathRefs();
  });

  it('has no catch-all modules/ops directory', () => {
    expect(existsSync(path.join(serverSrc, 'modules/ops'))).toBe(false);
  });

  it('finds the console routes it guards (the check sees them)', () => {
    expect(refs).toContain('opsWarehousePaths.import');
    const registering = sourceFiles(serverSrc)
      .filter((f) => registersOpsRoute(readFileSync(f, 'utf8'), refs))
      .map((f) => path.relative(serverSrc, f).split(path.sep).join('/'));
    expect(registering).toContain('modules/warehouse/ops-routes.ts');
    expect(registering).toContain('modules/distribution/ops-routes.ts');
    expect(registering.length).toBeGreaterThan(8);
  });

  it('keeps every console route in its module, in an ops-routes file', () => {
    const misplaced = sourceFiles(serverSrc)
      .map((f) => ({ rel: path.relative(serverSrc, f).split(path.sep).join('/'), source: readFileSync(f, 'utf8') }))
      .filter((f) => registersOpsRoute(f.source, refs) && !isOpsRouteHome(f.rel))
      .map((f) => f.rel);
    expect(misplaced).toEqual([]);
  });

  it('bites: a console route in a tenant routes file or in modules/ops is refused', () => {
    const viaConstant = 'app.post(\n    opsWarehousePaths.import,\n    { schema: {} },';
    const viaLiteral = "app.get('/api/ops/orders', async () => ok([]));";
    const viaPrefix = 'app.get(`${OPS_PREFIX}/x`, handler);';
    for (const source of [viaConstant, viaLiteral, viaPrefix]) expect(registersOpsRoute(source, refs)).toBe(true);
    expect(registersOpsRoute("app.get(warehousePaths.list, h); fetch('/api/ops/x');", refs)).toBe(false);
    expect(isOpsRouteHome('modules/warehouse/routes.ts')).toBe(false);
    expect(isOpsRouteHome('modules/ops/warehouse-routes.ts')).toBe(false);
    expect(isOpsRouteHome('modules/warehouse/sub/ops-routes.ts')).toBe(false);
    expect(isOpsRouteHome('modules/warehouse/ops-routes.ts')).toBe(true);
    expect(isOpsRouteHome('modules/warehouse/ops-money-routes.ts')).toBe(true);
    expect(isOpsRouteHome('platform/uploads/routes.ts')).toBe(true);
  });
});
