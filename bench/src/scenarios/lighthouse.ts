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
type Preset = 'desktop' | 'mobile';
/** Desktop: a fast line. Mobile: Lighthouse's default, a mid-range phone on slow 4G with a 4x slower CPU. */
const BUDGETS: Record<Preset, Record<Category, number>> = {
  desktop: { performance: 0.95, accessibility: 0.95, 'best-practices': 1 },
  mobile: { performance: 0.9, accessibility: 0.95, 'best-practices': 1 },
};
const CONFIGS = { desktop: desktopConfig, mobile: undefined };
/** A first visit signed out, and two signed-in pages a seller opens every day: the personal centre and the cloud bill. */
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/home?active=myBill&bill=CLOUDBILL', signedIn: true },
] as const;

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

function figuresOf(preset: Preset, page: string, result: Result, performanceRuns: string): Figure[] {
  const lhr = result.lhr;
  // The whole report, for the details behind a score (open it in the Lighthouse viewer).
  const dir = path.join(repoRoot, 'test-results');
  mkdirSync(dir, { recursive: true });
  const file = `lighthouse-${preset}${page.replaceAll(/[/?&=]+/g, '-')}.json`;
  writeFileSync(path.join(dir, file), JSON.stringify(lhr));
  return (Object.keys(BUDGETS[preset]) as Category[]).map((category) => {
    const metrics =
      category === 'performance'
        ? `median of ${performanceRuns}; LCP ${lhr.audits['largest-contentful-paint']?.displayValue}, ` +
          `TBT ${lhr.audits['total-blocking-time']?.displayValue}; `
        : '';
    const misses = failing(result, category);
    return {
      scenario: `lighthouse (${preset})`,
      name: `${page} ${category}`,
      value: lhr.categories[category]?.score ?? 0,
      unit: '',
      budget: { op: '>=', value: BUDGETS[preset][category] },
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
 * Lighthouse's desktop and mobile presets in Debian's Chromium: `/login` as a first visit, and the
 * signed-in pages as a signed-in user's first visit (session cookie set, browser cache emptied).
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
        onlyCategories: Object.keys(BUDGETS.desktop),
      };
      const audit = async (preset: Preset, page: (typeof PAGES)[number]): Promise<Result> => {
        const url = `${product.baseURL}${page.path}`;
        if (!page.signedIn) {
          const result = await lighthouse(url, flags, CONFIGS[preset]);
          if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
          return result;
        }
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const tab = await browser.newPage();
        await browser.setCookie({ name: 'token', value: token, domain: '127.0.0.1', path: '/' });
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // Lighthouse would clear the cookie with the rest of the storage: the cache is emptied above.
        const result = await lighthouse(url, { ...flags, disableStorageReset: true }, CONFIGS[preset], tab);
        await tab.close();
        await browser.disconnect();
        if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== '/home') {
          throw new Error(`${page.path} ended on ${result.lhr.finalDisplayedUrl}: the session was not taken`);
        }
        return result;
      };
      // Now and then a run ends without a performance score (most often the first after Chromium
      // starts): the median would count it as 0, so such a run is made again, up to twice.
      const scored = async (preset: Preset, page: (typeof PAGES)[number]): Promise<Result> => {
        for (let attempt = 1; ; attempt += 1) {
          const result = await audit(preset, page);
          if (typeof result.lhr.categories.performance?.score === 'number') return result;
          if (attempt === 3) {
            const reason = result.lhr.runtimeError?.message ?? 'no reason given';
            throw new Error(`Lighthouse gave ${page.path} no performance score three times: ${reason}`);
          }
        }
      };
      const figures: Figure[] = [];
      for (const preset of ['desktop', 'mobile'] as const) {
        for (const page of PAGES) {
          const results: Result[] = [];
          for (let run = 0; run < RUNS; run += 1) results.push(await scored(preset, page));
          const scores = results.map((r) => (r.lhr.categories.performance?.score ?? 0).toFixed(2)).join(' ');
          figures.push(...figuresOf(preset, page.path, median(results), scores));
        }
      }
      return figures;
    } finally {
      chrome.kill();
    }
  },
};

export default lighthouseScenario;
