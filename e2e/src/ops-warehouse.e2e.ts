import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { nextToast, pickOption } from './helpers/pages.ts';
import { opsContext } from './helpers/operator.ts';

/**
 * The warehouse page of the operator console: an operator credits the demo tenant's warehouse
 * account by form and the seller's balance moves by exactly that; the page passes axe in zh,
 * kr and th.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signedIn(language: string): Promise<Page> {
  const context = await opsContext(browser, language);
  const page = await context.newPage();
  await page.goto('/ops/warehouse');
  await page.getByTestId('ops-warehouse').waitFor();
  return page;
}


describe('operator console: warehouse', () => {
  it('credits the demo tenant by form, and the seller sees the balance move', async () => {
    const token = (await signInByApi(DEMO.account, DEMO.password)).authorization;
    const [provider] = await ok<{ name: string; wws_id: number }[]>('GET', '/api/v1/user/server/list', { token });
    const balance = async () =>
      (
        await ok<{ cb_value: string }>('POST', '/api/v1/common/wmsUnit', {
          token,
          body: { service: 'getBalance', wws_id: provider!.wws_id, params: {} },
        })
      ).cb_value;
    const before = Number(await balance());
    const page = await signedIn('zh');
    await pickOption(page, 'ops-warehouse-link', `${provider!.wws_id} ·`);
    await page.getByTestId('ops-warehouse-field-key').fill(`e2e-credit-${Date.now()}`);
    await pickOption(page, 'ops-warehouse-field-direction', '3');
    await page.getByTestId('ops-warehouse-field-amount').fill('100.00');
    await pickOption(page, 'ops-warehouse-field-ft_code', 'RECHARGE');
    await page.getByTestId('ops-warehouse-submit').click();
    await nextToast(page, '已记账');
    await expect.poll(async () => Number(await balance())).toBeCloseTo(before + 100, 2);
    await page.context().close();
  });

  it.each(['zh', 'kr', 'th'])('has no serious axe finding in %s', async (language) => {
    const page = await signedIn(language);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(350);
    await snap(page, `ops-warehouse-${language}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });
});
