import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailable } from '../lib/browser.ts';
import type { Scenario } from '../lib/scenario.ts';
import type { Figure } from '../lib/types.ts';

const KB = 1024;

/**
 * The pages whose first load is budgeted: the login route, and the personal centre's pages. CSS
 * has its own budget: antd's styles come per component (web/antd-styles.ts), and a page that
 * loads antd's whole stylesheet again (about 108 KB gzipped) is over it.
 */
const ROUTES: readonly { name: string; path: string; signedIn: boolean; budgetKb: number; cssBudgetKb: number }[] = [
  { name: '/login', path: '/login', signedIn: false, budgetKb: 200, cssBudgetKb: 10 },
  { name: '/home (personal centre)', path: '/home', signedIn: true, budgetKb: 350, cssBudgetKb: 50 },
  { name: '/home roles list', path: '/home?active=roleManagement', signedIn: true, budgetKb: 350, cssBudgetKb: 50 },
  { name: '/home accounts list', path: '/home?active=authorityManagement', signedIn: true, budgetKb: 350, cssBudgetKb: 50 },
  { name: '/home audit log list', path: '/home?active=auditLog', signedIn: true, budgetKb: 350, cssBudgetKb: 50 },
  { name: '/home coupons list', path: '/home?active=myCoupon', signedIn: true, budgetKb: 350, cssBudgetKb: 50 },
];

/** The files of one kind a route fetched, largest first, with their total: one budgeted figure. */
function figureOf(scenario: string, route: string, files: Set<string>, webDist: string, budgetKb: number): Figure {
  const sizes = [...files].map((p) => ({ p, size: gzipSize(webDist, p) })).sort((a, b) => b.size - a.size);
  const total = sizes.reduce((sum, s) => sum + s.size, 0);
  return {
    scenario,
    name: route,
    value: total / KB,
    unit: 'KB',
    budget: { op: '<=', value: budgetKb },
    note: `${sizes.length} files; largest ${sizes
      .slice(0, 3)
      .map((s) => `${path.basename(s.p)} ${(s.size / KB).toFixed(0)}`)
      .join(', ')}`,
  };
}

/** The gzip size of a built file: its .gz copy from the build, or gzipped here at the same level. */
function gzipSize(webDist: string, urlPath: string): number {
  const file = path.join(webDist, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The JavaScript and CSS a route really loads: a fresh browser opens it, and every script and
 * stylesheet it fetched before the network went quiet is summed at its gzip size. Parts loaded only on a click (the
 * QR sign-in tab, dialogs) do not count, as they should not.
 */
const bundle: Scenario = {
  name: 'bundle',
  databases: ['pglite'],
  async run({ product, token, webDist }) {
    if (!chromiumAvailable()) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const figures: Figure[] = [];
    try {
      for (const route of ROUTES) {
        const context = await browser.newContext({ baseURL: product.baseURL, viewport: { width: 1440, height: 900 } });
        if (route.signedIn) await context.addCookies([{ name: 'token', value: token, url: product.baseURL }]);
        const page = await context.newPage();
        const scripts = new Set<string>();
        const stylesheets = new Set<string>();
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.origin !== product.baseURL) return;
          const type = response.request().resourceType();
          if (type === 'script') scripts.add(url.pathname);
          if (type === 'stylesheet') stylesheets.add(url.pathname);
        });
        await page.goto(route.path, { waitUntil: 'networkidle' });
        // A quiet network is not enough on a busy machine: wait for the page itself (past the boot
        // spinner and any lazy page's spinner), then for the requests it makes.
        await page.waitForFunction(
          () =>
            document.querySelector('#root [data-testid]') !== null &&
            document.querySelector('[data-testid="page-spinner"]') === null,
          undefined,
          { timeout: 30_000 },
        );
        await page.waitForLoadState('networkidle');
        await context.close();
        figures.push(figureOf('bundle (gzipped JS)', route.name, scripts, webDist, route.budgetKb));
        figures.push(figureOf('bundle (gzipped CSS)', route.name, stylesheets, webDist, route.cssBudgetKb));
      }
    } finally {
      await browser.close();
    }
    return figures;
  },
};

export default bundle;
