import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { createAccount, DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { opsContext, operatorSession } from './helpers/operator.ts';
import { dataRows, type Language } from './helpers/pages.ts';

/**
 * The console's tenant page and operator audit log: an operator finds the demo tenant by its
 * account and sees the third-party balance the tenant's own bill answers; the tenant page and
 * the audit log in zh, kr and th with no serious axe finding.
 */
let browser: Browser;
let demoToken: string;
let demoId: number;
/** A tenant of this file's own, given one yuan, so the audit log has an entry to show and filter. */
let fresh: { userId: number; token: string };

beforeAll(async () => {
  browser = await launch();
  const demo = await signInByApi(DEMO.account, DEMO.password);
  demoToken = demo.authorization;
  demoId = demo.user_id;
  fresh = await createAccount();
  await ok('POST', '/api/ops/third-party/entries', {
    token: (await operatorSession()).authorization,
    body: {
      tenant_id: fresh.userId,
      transaction_type: 'manual_receipts',
      amount: '1.00',
      transaction_remark: 'e2e audit',
      entry_key: randomUUID(),
    },
  });
});
afterAll(async () => browser?.close());

const tenantBalance = async () =>
  (
    await ok<{ balance: string }>('POST', '/api/v1/finance/list', {
      token: demoToken,
      body: { page: 1, page_size: 10 },
    })
  ).balance;

describe('the tenant page', () => {
  it('finds the demo tenant by account and shows the balance the tenant sees', async () => {
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.goto('/ops/tenants');
      const search = page.getByTestId('ops-tenant-search');
      await search.waitFor();
      await page.getByTestId('ops-tenant-search-by').click();
      await page.locator('.ant-select-dropdown').getByText('账号', { exact: true }).click();
      await page.getByTestId('ops-tenant-search-value').fill(DEMO.account);
      await page.getByTestId('ops-tenant-search-submit').click();
      const shown = page.getByTestId('ops-tenant-balance-third-party');
      await shown.waitFor();
      expect(await shown.textContent()).toBe(`¥${await tenantBalance()}`);
      expect(page.url()).toContain(`/ops/tenants?id=${demoId}`);
      await expect.poll(() => page.getByTestId('ops-tenant-card').textContent()).toContain(DEMO.phone);
      await snap(page, 'ops-tenant-zh');
    } finally {
      await context.close();
    }
  });

  it.each(['zh', 'kr', 'th'] as Language[])(
    'shows the tenant page and the audit log in %s with no serious axe finding',
    async (language) => {
      const context = await opsContext(browser, language);
      const page = await context.newPage();
      try {
        await page.goto(`/ops/tenants?id=${demoId}`);
        await page.getByTestId('ops-tenant-overview').waitFor();
        await page.waitForLoadState('networkidle');
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `ops-tenant-${language}`);

        await page.goto('/ops/audit-log');
        await page.getByTestId('ops-audit-table').waitFor();
        await page.waitForLoadState('networkidle');
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `ops-audit-${language}`);
      } finally {
        await context.close();
      }
    },
  );
});

describe('the audit log', () => {
  it("filters by tenant and shows the operator's entry", async () => {
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.goto('/ops/audit-log');
      await page.getByTestId('ops-audit-filter-tenant').locator('input').fill(String(fresh.userId));
      await page.getByTestId('ops-audit-filter-tenant').locator('input').press('Enter');
      await expect.poll(() => page.url()).toContain(`tenant=${fresh.userId}`);
      const rows = dataRows(page.getByTestId('ops-audit-table'));
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('third_party.entry')]);
      // The tenant links to its page, which shows the yuan just given.
      await rows
        .first()
        .getByRole('link', { name: `#${fresh.userId}` })
        .click();
      await expect.poll(() => page.getByTestId('ops-tenant-balance-third-party').textContent()).toBe('¥1.00');
      await snap(page, 'ops-audit-to-tenant-zh');
    } finally {
      await context.close();
    }
  });
});
