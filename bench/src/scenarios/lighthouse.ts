import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumAvailable } from '../lib/browser.ts';
import { repoRoot } from '../lib/product.ts';
import type { Scenario } from '../lib/scenario.ts';
import type { Figure } from '../lib/types.ts';

type Category = 'performance' | 'accessibility' | 'best-practices';
const BUDGETS: Record<Category, number> = { performance: 0.95, accessibility: 0.95, 'best-practices': 1 };

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** The audits of a category that did not pass, by id: what to look at when a score falls short. */
function failing(result: Result, category: Category): string[] {
  const lhr = result.lhr;
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit!.id);
}

function figuresOf(page: string, result: Result, performanceRuns: string): Figure[] {
  const lhr = result.lhr;
  // The whole report, for the details behind a score (open it in the Lighthouse viewer).
  const dir = path.join(repoRoot, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `lighthouse${page.replaceAll('/', '-')}.json`), JSON.stringify(lhr));
  return (Object.keys(BUDGETS) as Category[]).map((category) => {
    const metrics =
      category === 'performance'
        ? `median of ${performanceRuns}; LCP ${lhr.audits['largest-contentful-paint']?.displayValue}, ` +
          `TBT ${lhr.audits['total-blocking-time']?.displayValue}; `
        : '';
    const misses = failing(result, category);
    return {
      scenario: 'lighthouse (desktop)',
      name: `${page} ${category}`,
      value: lhr.categories[category]?.score ?? 0,
      unit: '',
      budget: { op: '>=', value: BUDGETS[category] },
      note: `${metrics}${misses.length ? `not passed: ${misses.join(', ')}` : 'all audits passed'}`,
    };
  });
}

// Lighthouse's figures move from run to run on a shared machine: each page is measured this many
// times and the run with the median performance score is reported.
const RUNS = 3;

function median(results: Result[]): Result {
  const sorted = [...results].sort(
    (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Lighthouse's desktop preset in Debian's Chromium: `/login` as a first visit, and `/home` as a
 * signed-in user's first visit (session cookie set, browser cache emptied).
 */
const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  databases: ['pglite'],
  fullOnly: true,
  async run({ product, token }) {
    if (!chromiumAvailable()) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      const flags = {
        port: chrome.port,
        logLevel: 'error' as const,
        output: 'json' as const,
        onlyCategories: Object.keys(BUDGETS),
      };
      const login: Result[] = [];
      const home: Result[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const first = await lighthouse(`${product.baseURL}/login`, flags, desktopConfig);
        if (!first) throw new Error('Lighthouse returned no result for /login');
        login.push(first);

        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        await browser.setCookie({ name: 'token', value: token, domain: '127.0.0.1', path: '/' });
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // Lighthouse would clear the cookie with the rest of the storage: the cache is emptied above.
        const signedIn = await lighthouse(
          `${product.baseURL}/home`,
          { ...flags, disableStorageReset: true },
          desktopConfig,
          page,
        );
        await page.close();
        await browser.disconnect();
        if (!signedIn) throw new Error('Lighthouse returned no result for /home');
        if (new URL(signedIn.lhr.finalDisplayedUrl).pathname !== '/home') {
          throw new Error(`/home ended on ${signedIn.lhr.finalDisplayedUrl}: the session was not taken`);
        }
        home.push(signedIn);
      }
      const scores = (results: Result[]) =>
        results.map((r) => (r.lhr.categories.performance?.score ?? 0).toFixed(2)).join(' ');
      return [...figuresOf('/login', median(login), scores(login)), ...figuresOf('/home', median(home), scores(home))];
    } finally {
      chrome.kill();
    }
  },
};

export default lighthouseScenario;
