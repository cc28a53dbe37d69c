import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { dataRows, nextToast, personalCentreReady, type Language, useToken } from './helpers/pages.ts';
import { opsContext } from './helpers/operator.ts';

/**
 * The third-party bill in Chromium: the demo seller's months of rows with the balance and the
 * filters; a top-up paid in service upgrade tab 3 through the sandbox cashier, then found in the
 * bill as a `pay` row with the balance after it; an export queued, watched in the export
 * download dialog until done, downloaded and opened; the tab and the dialog in zh, kr and th.
 */

const LANGUAGES: readonly Language[] = ['zh', 'kr', 'th'];
const TOP_UP_YUAN = '66.60';

type ThirdPartyList = {
  balance: string;
  total: number;
  data: { transaction_id: string; transaction_type: string; transaction_money: string; account_balance: string }[];
};

let browser: Browser;
let token: string;
let demoId: number;

beforeAll(async () => {
  browser = await launch();
  const session = await signInByApi(DEMO.account, DEMO.password);
  token = session.authorization;
  demoId = session.user_id;
});
afterAll(async () => browser?.close());

async function sellerPage(language: Language = 'zh'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  await useToken(context, token);
  return { context, page: await context.newPage() };
}

/** My bill → the third-party tab, with its first rows drawn. */
async function openThirdPartyTab(page: Page): Promise<void> {
  await page.goto('/home?active=myBill&bill=THIRDPARTY');
  await personalCentreReady(page);
  await dataRows(page.getByTestId('third-party-table')).first().waitFor();
}

const rows = (page: Page) => dataRows(page.getByTestId('third-party-table'));
const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** Plays the phone: opens the QR code's cashier page in another tab and pays there. */
async function payAtCashier(page: Page): Promise<string> {
  await page.getByTestId('payment-dialog').waitFor();
  await page.getByTestId('pay-qr-image').waitFor();
  const orderCode = (await page.getByTestId('pay-order-code').textContent()) ?? '';
  const href = await page.getByTestId('pay-cashier-link').getAttribute('href');
  if (!href) throw new Error('the payment dialog has no cashier link');
  const phone = await page.context().newPage();
  try {
    await phone.goto(href);
    await phone.locator('#pay').click();
    await phone.locator('#result.ok').waitFor();
  } finally {
    await phone.close();
  }
  return orderCode;
}

async function bill(body: Record<string, unknown> = {}): Promise<ThirdPartyList> {
  return ok<ThirdPartyList>('POST', '/api/v1/finance/list', { token, body: { page: 1, page_size: 20, ...body } });
}

describe('third-party bill', () => {
  it('shows the demo seller’s rows of the last 7 days, the balance and the filters', async () => {
    const server = await bill();
    const { context, page } = await sellerPage();
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/finance/list')) {
        bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
      }
    });
    try {
      await openThirdPartyTab(page);
      // The default range is the last 7 days, whole days of the browser's zone (with its offset,
      // so the server does not read them in another zone's days).
      const range = bodies[0]?.added_date as string[] | undefined;
      expect(range?.[0]).toMatch(/T00:00:00[+-]\d\d:\d\d$/);
      expect(range?.[1]).toMatch(/T23:59:59[+-]\d\d:\d\d$/);
      expect(yuan(await page.getByTestId('third-party-balance').textContent())).toBe(Number(server.balance));
      expect(await rows(page).count()).toBeGreaterThan(0);
      const filters = page.getByTestId('third-party-filters');
      for (const id of ['platform', 'type', 'flow', 'time-type', 'range', 'search-type', 'search']) {
        expect(await filters.getByTestId(`third-party-${id}`).first().isVisible()).toBe(true);
      }
      expect(await page.getByTestId('third-party-table').textContent()).toContain('交易编号');

      // Filtering by flow sends it and shows only that flow.
      await page.getByTestId('third-party-flow').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '支出' }).click();
      await expect.poll(() => bodies.at(-1)?.capital_flows).toBe('out');
      await expect
        .poll(async () =>
          (await rows(page).allTextContents()).every((text) => text.includes('-') && !text.includes('+')),
        )
        .toBe(true);
      await snap(page, 'third-party-bill-out-zh');
    } finally {
      await context.close();
    }
  });

  it('shows a tab-3 top-up paid at the sandbox cashier as a pay row with the balance after it', async () => {
    const before = Number((await bill()).balance);
    const { context, page } = await sellerPage();
    try {
      await openThirdPartyTab(page);
      await page.getByTestId('third-party-recharge').click();
      await page.getByTestId('top-up-custom').click();
      const amount = page.getByTestId('top-up-amount');
      await amount.fill(TOP_UP_YUAN);
      await amount.blur();
      await page.getByTestId('checkout-price').getByText(`¥${TOP_UP_YUAN}`).waitFor();
      await page.getByTestId('pay-alipay').click();
      const orderCode = await payAtCashier(page);
      await nextToast(page, '支付成功');

      const expected = (before + Number(TOP_UP_YUAN)).toFixed(2);
      await openThirdPartyTab(page);
      await expect
        .poll(async () => yuan(await page.getByTestId('third-party-balance').textContent()))
        .toBe(Number(expected));
      // Newest first: the top-up just paid heads the bill.
      expect(await rows(page).first().textContent()).toContain(orderCode.slice(0, 12));
      await page.getByTestId('third-party-search').fill(orderCode);
      await page.getByTestId('third-party-search-button').click();
      const row = rows(page).filter({ hasText: orderCode });
      await row.waitFor();
      await expect.poll(() => rows(page).count()).toBe(1);
      const text = await row.textContent();
      expect(text).toContain('充值');
      expect(text).toContain(`+${TOP_UP_YUAN}`);
      expect(text).toContain(expected);
      await snap(page, 'third-party-bill-after-top-up-zh');

      const server = await bill({ transaction_id: orderCode });
      expect(server.data[0]).toMatchObject({
        transaction_type: 'pay',
        transaction_money: TOP_UP_YUAN,
        account_balance: expected,
      });
    } finally {
      await context.close();
    }
  });

  it('exports the bill: the task shows in the export dialog, finishes, and downloads a CSV with a BOM', async () => {
    const { context, page } = await sellerPage();
    try {
      await openThirdPartyTab(page);
      await page.getByTestId('third-party-export').click();
      await nextToast(page, '导出任务已提交');
      await page.getByTestId('third-party-export-list').click();
      const dialog = page.getByTestId('export-table');
      await dialog.waitFor();
      const newest = dataRows(dialog).first();
      await newest.waitFor();
      const download = newest.locator('a[data-testid^="export-download-"]');
      await download.waitFor({ timeout: 30_000 });
      expect(await newest.textContent()).toContain('下载成功');
      await snap(page, 'third-party-export-dialog-zh');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
      // The header is in the seller's language.
      expect(lines[0]).toBe(
        '交易编号,平台,站点,订单号,仓库单号,店铺名称,店铺ID,交易类型,资金流向,交易金额,账户余额,添加时间,交易时间,备注',
      );
      expect(lines.length).toBeGreaterThan(1);
      const first = (await bill()).data[0]!;
      expect(lines.some((line) => line.includes(first.transaction_id))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('screens', () => {
  it.each(LANGUAGES)(
    'shows the third-party tab and the export dialog in %s with no serious axe finding',
    async (language) => {
      const { context, page } = await sellerPage(language);
      try {
        await openThirdPartyTab(page);
        await page.waitForLoadState('networkidle');
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `third-party-bill-${language}`);
        // The columns past the fold (balance, times, remark), scrolled to as a user would.
        await page
          .getByTestId('third-party-table')
          .getByRole('region')
          .evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
        await snap(page, `third-party-bill-scrolled-${language}`);

        await page.getByTestId('third-party-export-list').click();
        await dataRows(page.getByTestId('export-table')).first().waitFor();
        expect(describeViolations(await seriousViolations(page, '.ant-modal'))).toBe('');
        await snap(page, `third-party-export-dialog-${language}`);
      } finally {
        await context.close();
      }
    },
  );
});

async function opsPage(language: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await opsContext(browser, language);
  const page = await context.newPage();
  await page.goto('/ops/coupons');
  return { context, page };
}

describe('operator console: third-party entries', () => {
  it('posts a manual receipt that the seller then finds in the third-party bill with the new balance', async () => {
    const before = Number((await bill()).balance);
    const { context, page } = await opsPage('zh');
    try {
      await page.goto('/ops/third-party');
      const form = page.getByTestId('ops-third-party-form');
      await form.waitFor();
      // Nothing is posted without a tenant, a valid amount and a remark.
      await page.getByTestId('ops-third-party-amount').fill('0');
      await page.getByTestId('ops-third-party-submit').click();
      await form.getByText('请输入租户编号或手机号').waitFor();
      await form.getByText('请输入大于 0 的金额，最多两位小数').waitFor();
      await form.getByText('请输入备注').waitFor();

      // The seller is named by the main account's phone; the look-up shows which tenant that is.
      await form.getByTestId('ops-tenant-by').getByText('按主账号手机号').click();
      await form.getByTestId('ops-tenant-value').fill(DEMO.phone);
      await form.getByTestId('ops-tenant-lookup').click();
      await expect.poll(() => form.getByTestId('ops-tenant-found').textContent()).toContain(`#${demoId}`);
      await page.getByTestId('ops-third-party-amount').fill('12.34');
      await page.getByTestId('ops-third-party-remark').fill('线下转账到账');
      await page.getByTestId('ops-third-party-submit').click();
      const expected = (before + 12.34).toFixed(2);
      await nextToast(page, `入账成功，当前余额 ¥${expected}`);

      await page.getByTestId('ops-third-party-filter').locator('input').fill(String(demoId));
      await page.getByTestId('ops-third-party-filter').locator('input').press('Enter');
      const row = dataRows(page.getByTestId('ops-third-party-table')).first();
      await expect.poll(() => row.textContent()).toContain('线下转账到账');
      expect(await row.textContent()).toContain('+12.34');
      expect(await row.textContent()).toContain('人工收款');
      expect(await row.textContent()).toContain(expected);
    } finally {
      await context.close();
    }
    const after = await bill({ transaction_type: 'manual_receipts' });
    expect(Number(after.balance).toFixed(2)).toBe((before + 12.34).toFixed(2));
    expect(after.data[0]).toMatchObject({ transaction_money: '12.34', account_balance: (before + 12.34).toFixed(2) });
  });

  it.each(LANGUAGES)('shows the entries page in %s with no serious axe finding', async (language) => {
    const { context, page } = await opsPage(language);
    try {
      await page.goto('/ops/third-party');
      await dataRows(page.getByTestId('ops-third-party-table')).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(describeViolations(await seriousViolations(page))).toBe('');
      await snap(page, `ops-third-party-${language}`);
    } finally {
      await context.close();
    }
  });
});
