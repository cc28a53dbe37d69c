import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.ts';
import { opsContext } from './helpers/operator.ts';
import { pickOption } from './helpers/pages.ts';

/**
 * The console's lists behave as the seller's do (one list kit, web/src/shared/list): the page and
 * filters are in the URL, so a reload and the back button keep or undo them, and a failed load
 * says so in the table with a retry instead of showing an empty list.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('operator console: lists', () => {
  it('keeps the withdrawal queue’s status in the URL: a reload keeps it, back undoes it', async () => {
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.goto('/ops/withdrawals');
      await page.getByTestId('ops-withdrawal-table').waitFor();
      const status = page.getByTestId('ops-withdrawal-status');
      await expect.poll(() => status.textContent()).toContain('待审核');

      await pickOption(page, 'ops-withdrawal-status', '审核通过');
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('1');
      await page.reload();
      await page.getByTestId('ops-withdrawal-table').waitFor();
      await expect.poll(() => status.textContent()).toContain('审核通过');

      await page.goBack();
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe(null);
      await expect.poll(() => status.textContent()).toContain('待审核');
    } finally {
      await context.close();
    }
  });

  it('says in the table that the third-party entries could not be loaded, and loads them on retry', async () => {
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.route('**/api/ops/third-party/entries**', (route) =>
        route.request().method() === 'GET' ? route.abort('connectionrefused') : route.fallback(),
      );
      await page.goto('/ops/third-party');
      const table = page.getByTestId('ops-third-party-table');
      await table.getByTestId('list-error').waitFor();

      await page.unroute('**/api/ops/third-party/entries**');
      await table.getByTestId('list-retry').click();
      await table.getByTestId('list-error').waitFor({ state: 'detached' });
      await expect.poll(() => table.locator('table[aria-busy="true"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
