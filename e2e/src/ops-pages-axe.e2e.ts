import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { opsContext } from './helpers/operator.ts';
import { HTML_LANG, type Language } from './helpers/pages.ts';

/**
 * Every page of the operator console, as its side menu lists them (so a page added later is
 * looked at too), and every tab of a page, in zh, kr and th: axe finds nothing critical or
 * serious. One signed-in context per language, the pages visited by the menu as an operator would.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** The list each page opens on, waited for before axe looks (the warehouse page opens on a form). */
const FIRST_TABLE: Record<string, string> = {
  coupons: 'ops-coupon-table',
  orders: 'ops-order-table',
  catalogue: 'ops-platform-table',
  'third-party': 'ops-third-party-table',
  warehouse: 'ops-warehouse',
  'warehouse-money': 'ops-note-table',
  distributors: 'ops-distributor-table',
  withdrawals: 'ops-withdrawal-table',
  'supplier-applications': 'ops-supplier-table',
  proposals: 'ops-proposal-table',
};

/** Waits until the page's code and its lists have loaded: no spinner, no table still loading. */
async function settled(page: Page): Promise<void> {
  const main = page.locator('#ops-main');
  await expect.poll(() => main.locator('[aria-busy="true"], .ant-spin-spinning').count()).toBe(0);
}

async function expectNoSeriousFinding(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}

describe('operator console: accessibility of every page', () => {
  it.each(['zh', 'kr', 'th'] as const)(
    'finds nothing critical or serious on any console page or tab in %s',
    async (language: Language) => {
      const context = await opsContext(browser, language);
      const page = await context.newPage();
      try {
        await page.goto('/ops/coupons');
        await page.getByTestId('ops-coupon-table').waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(HTML_LANG[language]);
        const paths = await page
          .locator('nav [data-testid^="ops-nav-"]')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('ops-nav-'.length)));
        expect(paths).toEqual(expect.arrayContaining(Object.keys(FIRST_TABLE)));

        for (const path of paths) {
          await page.getByTestId(`ops-nav-${path}`).click();
          await page.waitForURL((url) => url.pathname === `/ops/${path}`);
          const table = FIRST_TABLE[path];
          if (table) await page.getByTestId(table).waitFor();
          await settled(page);
          await expectNoSeriousFinding(page, `${language} /ops/${path}`);

          // The page's other tabs (the catalogue's lists, the warehouse's forms, the second queue).
          const tabs = page.locator('#ops-main [role="tab"]');
          const count = await tabs.count();
          for (let i = 1; i < count; i += 1) {
            await tabs.nth(i).click();
            await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
            await settled(page);
            await expectNoSeriousFinding(page, `${language} /ops/${path} tab ${i + 1}`);
          }
        }
      } finally {
        await context.close();
      }
    },
    150_000,
  );
});
