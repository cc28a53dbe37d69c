import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { nextToast, personalCentreReady, type Language, useToken } from './helpers/pages.ts';
import { opsContext, operatorToken } from './helpers/operator.ts';

/**
 * The cloud warehouse bill's money, end to end on the demo tenant: an online top-up paid at the
 * sandbox cashier shows in the balance and the fee flow; an offline notice with two proof images
 * is completed by an operator in the console and credited; a credit application approved by an
 * operator becomes the line in force. Every money dialog is looked at in zh, kr and th (axe).
 */

type Provider = { name: string; wws_id: number };
type Balance = { cb_value: string; cb_credit_line: string };

let browser: Browser;
let token: string;
let wwsId: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  browser = await launch();
  token = (await signInByApi(DEMO.account, DEMO.password)).authorization;
  const providers = await ok<Provider[]>('GET', '/api/v1/user/server/list', { token });
  wwsId = providers.find((p) => p.name === 'Demo Cloud Warehouse')!.wws_id;
});
afterAll(async () => browser?.close());

const wms = <T>(service: string, params: Record<string, unknown> = {}) =>
  ok<T>('POST', '/api/v1/common/wmsUnit', { token, body: { service, wws_id: wwsId, params } });
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

async function openTab(language: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await useToken(context, token);
  const page = await context.newPage();
  await page.goto(`/home?active=myBill&bill=CLOUDBILL&wws=${wwsId}`);
  await personalCentreReady(page);
  await page.getByTestId('warehouse-bill').waitFor();
  return { context, page };
}

async function operatorPage(language: Language = 'zh'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await opsContext(browser, language);
  const page = await context.newPage();
  await page.goto('/ops/warehouse-money');
  await page.getByTestId('ops-note-table').waitFor();
  return { context, page };
}

/**
 * Waits for the dialog holding `testId` to finish antd's opening zoom. During it the dialog
 * grows around its centre, so a click aimed at a button can land beside it (the likely reason a
 * click on "apply" once opened nothing); a person clicks once the dialog stands still.
 */
async function dialogSettled(page: Page, testId: string): Promise<void> {
  await page
    .locator('.ant-modal:not([class*="-appear"]):not([class*="-enter"])')
    .filter({ has: page.getByTestId(testId) })
    .waitFor();
}

/**
 * The open dropdown's options once its opening slide has ended. An option clicked during that
 * 0.2 s slide inside a dialog is chosen but leaves the list open over the next field (antd's
 * motion), which no person clicks that fast; the test waits as a person would.
 */
function settledOptions(page: Page) {
  return page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]) .ant-select-item-option',
  );
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await settledOptions(page).filter({ hasText: option }).first().click();
}

describe('warehouse money', () => {
  it('tops up online through the sandbox cashier: the balance grows and the flow shows the credit', async () => {
    const before = await wms<Balance>('getBalance');
    const { context, page } = await openTab('zh');
    await page.getByTestId('warehouse-action-onlineTopUp').click();
    await dialogSettled(page, 'online-top-up');
    await page.getByTestId('online-generate').click();
    await page.getByText('请输入金额，并勾选服务协议').waitFor();
    await page.getByTestId('online-amount').fill('66.60');
    await page.getByTestId('online-agree').click();
    await page.getByTestId('online-generate').click();
    await page.getByTestId('online-qr').waitFor();
    const orderNumber = (await page.getByTestId('online-order-number').textContent()) ?? '';
    const href = await page.getByTestId('online-cashier-link').getAttribute('href');
    const phone = await context.newPage();
    await phone.goto(href!);
    await phone.locator('#pay').click();
    await phone.locator('#result.ok').waitFor();
    await phone.close();
    await page.getByText('付款成功~').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('online-top-up').waitFor({ state: 'detached', timeout: 10_000 });

    const after = await wms<Balance>('getBalance');
    expect(fen(after.cb_value) - fen(before.cb_value)).toBe(6_660);
    const flow = await wms<{ data: { order_code: string; cbl_type: number; cbl_transaction_value: string }[] }>(
      'getCostWaterAndOrder',
      { cbl_type: 3, search_type: 2, search_code: orderNumber },
    );
    expect(flow.data[0]).toMatchObject({ order_code: orderNumber, cbl_type: 3, cbl_transaction_value: '66.60' });
    await context.close();
  });

  it('submits an offline notice with two images; an operator completes it and the account is credited', async () => {
    const before = await wms<Balance>('getBalance');
    const transactionNo = `E2E${Date.now()}`;
    const { context, page } = await openTab('zh');
    await page.getByTestId('warehouse-action-offlineTopUp').click();
    await dialogSettled(page, 'offline-top-up');
    await page.getByTestId('offline-submit').click();
    await page.getByText('请选择汇款方式').waitFor();
    await page.getByText('请填写交易号').waitFor();
    await pick(page, 'offline-method', '银行转账');
    await page.getByTestId('offline-date').click();
    await page.getByTestId('offline-date').fill(new Date().toLocaleDateString('sv'));
    await page.keyboard.press('Enter');
    await pick(page, 'offline-account', '招商银行');
    await page.getByTestId('offline-currency').click();
    await settledOptions(page).and(page.locator('[title^="CNY"]')).click();
    await page.getByTestId('offline-amount').fill('321.00');
    await page.getByTestId('offline-transaction').fill(transactionNo);
    await page
      .getByTestId('offline-top-up')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'proof-1.png', mimeType: 'image/png', buffer: PNG },
        { name: 'proof-2.png', mimeType: 'image/png', buffer: PNG },
      ]);
    await expect.poll(() => page.locator('.ant-upload-list-item-done').count(), { timeout: 10_000 }).toBe(2);
    await page.getByTestId('offline-submit').click();
    await page.getByTestId('offline-top-up').waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();

    const notes = await wms<{ data: { pn_id: number; transaction_no: string; attacheds: string[] }[] }>(
      'getPaymentNoteList',
      {
        searchType: 2,
        searchCode: transactionNo,
      },
    );
    expect(notes.data).toHaveLength(1);
    expect(notes.data[0]!.attacheds).toHaveLength(2);

    const ops = await operatorPage();
    await ops.page.getByTestId('ops-note-table').getByText(transactionNo).waitFor();
    await ops.page
      .getByTestId('ops-note-table')
      .locator('tr', { hasText: transactionNo })
      .getByTestId('ops-note-open')
      .click();
    await ops.page.getByTestId('ops-note-detail').waitFor();
    await expect.poll(() => ops.page.getByTestId('proof-image').count(), { timeout: 10_000 }).toBe(2);
    await snap(ops.page, 'ops-warehouse-money-note-zh');
    await ops.page.getByTestId('ops-note-confirm').click();
    await ops.page.getByTestId('ops-note-complete').waitFor();
    await ops.page.getByTestId('ops-note-complete').click();
    await ops.page.getByTestId('ops-note-detail').getByText('已完成').waitFor();
    await ops.context.close();

    const detail = await wms<{ pn_status: number }>('getPaymentNoteDetail', { noteID: notes.data[0]!.pn_id });
    expect(detail.pn_status).toBe(5);
    const after = await wms<Balance>('getBalance');
    expect(fen(after.cb_value) - fen(before.cb_value)).toBe(32_100);
  });

  it('applies for a credit line; approved by an operator, it is the line in force', async () => {
    const { context, page } = await openTab('zh');
    await page.getByTestId('warehouse-action-applyCredit').click();
    await dialogSettled(page, 'credit-dialog');
    await page.getByTestId('credit-apply').click();
    await dialogSettled(page, 'credit-form');
    await page.getByTestId('credit-line-input').fill('8888');
    await page.getByTestId('credit-reason').fill('E2E peak season');
    await page.getByTestId('credit-effective').click();
    await page.getByTestId('credit-effective').fill(`${new Date().getFullYear() + 1}-06-30 12:00:00`);
    await page.keyboard.press('Enter');
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('credit-form') })
      .locator('.ant-btn-primary')
      .click();
    await page.getByTestId('credit-table').getByText('8888.00').waitFor();
    await context.close();

    const apps = await wms<{ data: { acl_code: string; acl_status: number; acl_apply_credit: string }[] }>(
      'getCreditLineList',
      { status: 2 },
    );
    const mine = apps.data.find((a) => a.acl_apply_credit === '8888.00')!;
    const ops = await operatorPage();
    await ops.page.getByRole('tab').nth(1).click();
    await ops.page
      .getByTestId('ops-credit-table')
      .locator('tr', { hasText: mine.acl_code })
      .getByTestId('ops-credit-approve')
      .click();
    await ops.page.getByTestId('ops-credit-note').fill('ok');
    await dialogSettled(ops.page, 'ops-credit-note');
    await ops.page.locator('.ant-modal:visible .ant-btn-primary').click();
    // 8,888 yuan is over the four-eyes threshold: a second operator approves the grant.
    await nextToast(ops.page, '已提交第二位运营人员审批');
    await ops.context.close();
    const checker = await operatorToken('checker');
    const pending = await ok<{ data: { id: number; kind: string; payload: { aclCode?: string } }[] }>(
      'GET',
      '/api/ops/proposals',
      { token: checker, query: { status: 'pending', page_size: 50 } },
    );
    const proposal = pending.data.find(
      (p) => p.kind === 'warehouse.credit-line' && p.payload.aclCode === mine.acl_code,
    )!;
    await ok('POST', `/api/ops/proposals/${proposal.id}/approve`, { token: checker });

    expect((await wms<Balance>('getBalance')).cb_credit_line).toBe('8888.00');
    const again = await openTab('zh');
    await again.page.getByTestId('warehouse-action-applyCredit').click();
    await expect.poll(() => again.page.getByTestId('credit-current').textContent()).toContain('8888.00');
    await again.context.close();
  });

  it('shows the console review queues in zh, kr and th with no serious axe finding (scrolling tables reached by keyboard)', async () => {
    for (const language of ['zh', 'kr', 'th'] as const) {
      const { context, page } = await operatorPage(language);
      for (const [tab, table] of [
        [0, 'ops-note-table'],
        [1, 'ops-credit-table'],
      ] as const) {
        await page.getByRole('tab').nth(tab).click();
        await page.getByTestId(table).waitFor();
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        expect(violations, `${language} ${table}: ${describeViolations(violations)}`).toEqual([]);
      }
      await snap(page, `ops-warehouse-money-credit-${language}`);
      await context.close();
    }
  });

  for (const language of ['zh', 'kr', 'th'] as const) {
    it(`shows every money dialog in ${language}, with no serious accessibility issue`, async () => {
      const { context, page } = await openTab(language);
      const dialogs: [string, string][] = [
        ['onlineTopUp', 'online-top-up'],
        ['offlineTopUp', 'offline-top-up'],
        ['applyCredit', 'credit-dialog'],
        ['offlineManagement', 'notes-dialog'],
      ];
      for (const [action, testId] of dialogs) {
        await page.getByTestId(`warehouse-action-${action}`).click();
        await page.getByTestId(testId).waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        await snap(page, `warehouse-money-${action}-${language}`);
        const violations = await seriousViolations(page, '.ant-modal');
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByTestId(testId).waitFor({ state: 'detached' });
      }
      await context.close();
    });
  }
});
