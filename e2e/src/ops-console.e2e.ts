import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, server, snap } from './browser.ts';
import { call, DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations, type AxeViolation } from './helpers/axe.ts';
import { HTML_LANG, nextToast, onPath, useToken, type Language, dataRows } from './helpers/pages.ts';
import { opsContext, operatorCode } from './helpers/operator.ts';

/**
 * The operator console at /ops: its own sign-in (operators only), a coupon created for the demo
 * tenant that the seller then finds in the personal centre, sessions kept apart from sellers',
 * and axe-core on its pages in zh, kr and th.
 */

const LANGUAGES: readonly Language[] = ['zh', 'kr', 'th'];
const operator = server().operator;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function contextIn(language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return context;
}

async function signInAsOperator(page: Page): Promise<void> {
  await page.goto('/ops');
  await onPath(page, '/ops/sign-in');
  await page.getByTestId('ops-account').fill(operator.account);
  await page.getByTestId('ops-password').fill(operator.password);
  await page.getByTestId('ops-otp').fill(await operatorCode());
  await page.getByTestId('ops-sign-in-submit').click();
  await onPath(page, '/ops/coupons');
  await page.getByTestId('ops-coupon-table').waitFor();
}

const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';

describe('the operator console', () => {
  it('signs an operator in at /ops, who issues a coupon to the demo tenant; the seller sees it', async () => {
    const context = await contextIn('zh');
    const page = await context.newPage();
    const title = `E2E coupon ${Date.now() % 100_000}`;
    try {
      await signInAsOperator(page);
      await expect.poll(() => page.getByTestId('ops-operator').textContent()).toContain('E2E');

      await page.getByTestId('ops-coupon-create').click();
      const dialog = page.locator(OPEN_DIALOG).last();
      await dialog.waitFor();
      await dialog.getByText('按主账号手机号').click();
      await page.getByTestId('ops-tenant-value').fill(DEMO.phone);
      await page.getByTestId('ops-tenant-lookup').click();
      await expect.poll(() => page.getByTestId('ops-tenant-found').textContent()).toContain(DEMO.company);
      await page.getByTestId('ops-coupon-title').fill(title);
      await dialog.getByText('满减').click();
      await page.getByTestId('ops-coupon-value').fill('30');
      await page.getByTestId('ops-coupon-threshold').fill('200');
      await page.getByTestId('ops-coupon-submit').click();
      await nextToast(page, title);
      await dataRows(page.getByTestId('ops-coupon-table')).filter({ hasText: title }).waitFor();
      await snap(page, 'ops-coupons-after-create-zh');

      // The seller, in a browser of their own, finds it among the coupons not used yet.
      const seller = await contextIn('zh');
      try {
        await useToken(seller, (await signInByApi(DEMO.account, DEMO.password)).authorization);
        const sellerPage = await seller.newPage();
        await sellerPage.goto('/home?active=myCoupon');
        const card = sellerPage.getByTestId('coupon-card').filter({ hasText: title });
        await card.waitFor();
        expect(await card.getByTestId('coupon-discount').textContent()).toContain('30');
      } finally {
        await seller.close();
      }
    } finally {
      await context.close();
    }
  });

  it("changes a plan price in the catalogue, and the seller's price follows", async () => {
    const context = await opsContext(browser, 'zh');
    const page = await context.newPage();
    try {
      await page.goto('/ops/coupons');
      await page.getByTestId('ops-nav-catalogue').click();
      await page.getByTestId('ops-edit-platform-3').click();
      await page.getByTestId('ops-price-shop_month_price').fill('21.5');
      await page.locator(OPEN_DIALOG).last().getByRole('button', { name: '保存' }).click();
      await nextToast(page, '已保存');
      await page.getByTestId('ops-platform-table').getByText('¥21.50').waitFor();
      const sellerToken = (await signInByApi(DEMO.account, DEMO.password)).authorization;
      const price = await ok<{ selling_price: string }>('GET', '/api/v3/package/payment/price', {
        token: sellerToken,
        query: { ppi_id: 3, shop_number: 1, cycle: 1 },
      });
      expect(price.selling_price).toBe('21.50');
    } finally {
      await context.close();
    }
  });

  it("keeps operators' and sellers' sessions apart", async () => {
    const sellerToken = (await signInByApi(DEMO.account, DEMO.password)).authorization;
    const opsToken = (
      await ok<{ authorization: string }>('POST', '/api/ops/sign-in', {
        body: { account_name: operator.account, password: operator.password, otp: await operatorCode() },
      })
    ).authorization;
    expect((await call('GET', '/api/ops/me', { token: sellerToken })).status).toBe(401);
    expect((await call('GET', '/api/ops/coupons', { token: sellerToken })).status).toBe(401);
    expect((await call('GET', '/api/v1/user/base/info', { token: opsToken })).status).toBe(401);
    // The seller's own account and password do not open the console either.
    expect(
      (await call('POST', '/api/ops/sign-in', { body: { account_name: DEMO.account, password: DEMO.password } }))
        .status,
    ).toBe(400);

    // A seller signed in in this browser is still asked to sign in at /ops, and a refused
    // sign-in says why.
    const context = await contextIn('zh');
    const page = await context.newPage();
    try {
      await useToken(context, sellerToken);
      await page.goto('/ops/coupons');
      await onPath(page, '/ops/sign-in');
      await page.getByTestId('ops-account').fill(DEMO.account);
      await page.getByTestId('ops-password').fill(DEMO.password);
      await page.getByTestId('ops-otp').fill('123456');
      await page.getByTestId('ops-sign-in-submit').click();
      await expect.poll(() => page.getByTestId('ops-sign-in-error').textContent()).toContain('账号或密码错误');

      // Signing out of the console ends the operator's token and leaves the seller signed in.
      await signInAsOperator(page);
      const token = await page.evaluate(
        () => JSON.parse(sessionStorage.getItem('ops.session') ?? '{}').token as string,
      );
      await page.getByTestId('ops-sign-out').click();
      await onPath(page, '/ops/sign-in');
      expect((await call('GET', '/api/ops/me', { token })).status).toBe(401);
      expect((await call('GET', '/api/v1/user/base/info', { token: sellerToken })).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});

type Finding = { where: string; violations: AxeViolation[] };

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(350);
}

async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  await settled(page);
  const violations = await seriousViolations(page);
  if (violations.length) findings.push({ where, violations });
}

describe.each(LANGUAGES)('the operator console in %s', (language) => {
  it('has no critical or serious axe finding on its pages and dialogs', async () => {
    const context = await contextIn(language);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      await page.goto('/ops/sign-in');
      await page.getByTestId('ops-sign-in').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(HTML_LANG[language]);
      await audit(page, 'sign-in', findings);
      await page.getByTestId('ops-sign-in-submit').click();
      await audit(page, 'sign-in with field errors', findings);

      await signInAsOperator(page);
      await audit(page, 'coupons', findings);
      await page.getByTestId('ops-coupon-create').click();
      await page.locator(OPEN_DIALOG).last().waitFor();
      await audit(page, 'create coupon dialog', findings);
      await page.getByTestId('ops-coupon-submit').click();
      await audit(page, 'create coupon dialog with field errors', findings);
      await page.keyboard.press('Escape');
      await page.locator(OPEN_DIALOG).last().waitFor({ state: 'hidden' });

      await page.getByTestId('ops-nav-orders').click();
      await dataRows(page.getByTestId('ops-order-table')).first().waitFor();
      await audit(page, 'orders', findings);
      await page.locator('button[data-testid^="ops-order-"]').first().click();
      await page.getByTestId('ops-order-detail').waitFor();
      await audit(page, 'order detail', findings);
      await page.keyboard.press('Escape');

      await page.getByTestId('ops-nav-catalogue').click();
      await dataRows(page.getByTestId('ops-platform-table')).first().waitFor();
      await audit(page, 'catalogue', findings);
      await page.getByTestId('ops-edit-platform-1').click();
      await page.locator(OPEN_DIALOG).last().waitFor();
      await audit(page, 'edit price dialog', findings);
      await page.keyboard.press('Escape');

      // The e2e operator is an admin: the operators page offers a role select for each operator.
      await page.getByTestId('ops-nav-operators').click();
      await dataRows(page.getByTestId('ops-operator-table')).first().waitFor();
      await page.locator('[data-testid^="ops-operator-role-"]').first().waitFor();
      await audit(page, 'operators', findings);

      expect(findings.map((f) => `${f.where}\n${describeViolations(f.violations)}`).join('\n\n')).toBe('');
    } finally {
      await context.close();
    }
  }, 240_000);
});
