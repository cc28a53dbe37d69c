import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { createAccount, ok } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { opsContext } from './helpers/operator.ts';
import { nextToast, type Language } from './helpers/pages.ts';

/**
 * Finance refunds part of a paid top-up from the console's order page (amount and reason), and
 * the order shows it partly refunded; the refund dialog and the reconciliation page in zh, kr, th.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';

let sellerToken: string;
beforeAll(async () => {
  // A seller of its own: refunds change balances and bills other tests read of the demo tenant.
  sellerToken = (await createAccount()).token;
});

/** A top-up the seller made and paid at the sandbox cashier. */
async function paidTopUp(amount: string): Promise<string> {
  const order = await ok<{ order_code: string }>('POST', '/api/v2/order/generateOrder', {
    token: sellerToken,
    body: { pay_type: 3, amount },
  });
  await ok('POST', '/api/dev/pay', { body: { order_code: order.order_code, action: 'pay' } });
  return order.order_code;
}

describe('refunds in the operator console', () => {
  it('refunds part of a paid top-up with an amount and a reason; the order shows it partly refunded', async () => {
    const code = await paidTopUp('60.00');
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.goto(`/ops/orders?order=${code}`);
      await page.getByTestId('ops-order-detail').waitFor();
      await page.getByTestId('ops-order-refund').click();
      const dialog = page.locator(OPEN_DIALOG).last();
      await dialog.waitFor();
      await page.getByTestId('ops-refund-amount').fill('20.00');
      await page.getByTestId('ops-refund-reason').fill('E2E customer asked');
      await snap(page, 'ops-refund-dialog-zh');
      await page.getByTestId('ops-refund-submit').click();
      await nextToast(page, '已退款 ¥20.00');
      await expect.poll(() => page.getByTestId('ops-order-refunds').textContent()).toContain('E2E customer asked');
      await expect.poll(() => page.getByTestId('ops-order-detail').textContent()).toContain('部分退款 ¥20.00');
      await snap(page, 'ops-order-refunded-zh');
    } finally {
      await context.close();
    }
  });

  it('shows the refund dialog and the reconciliation page in every language, with no serious axe finding', async () => {
    const code = await paidTopUp('50.00');
    for (const language of ['zh', 'kr', 'th'] as Language[]) {
      const context = await opsContext(browser, language);
      const page = await context.newPage();
      try {
        await page.goto(`/ops/orders?order=${code}`);
        await page.getByTestId('ops-order-detail').waitFor();
        await page.getByTestId('ops-order-refund').click();
        await page.locator(OPEN_DIALOG).last().waitFor();
        await page.waitForTimeout(400); // the dialog's opening animation
        await snap(page, `ops-refund-dialog-${language}`);
        const inDialog = await seriousViolations(page);
        expect(inDialog, describeViolations(inDialog)).toEqual([]);
        await page.goto('/ops/reconciliation');
        await page.getByTestId('ops-reconciliation').waitFor();
        await page.waitForLoadState('networkidle');
        await snap(page, `ops-reconciliation-${language}`);
        const onPage = await seriousViolations(page);
        expect(onPage, describeViolations(onPage)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
