import { LANGUAGES } from '@seller-centre/contract/i18n';
import { convertFromCny } from '@seller-centre/contract/warehouse';
import { yuanToFen } from '@seller-centre/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { dataRows, nextToast, personalCentreReady, pickOption, useToken } from './helpers/pages.ts';

/**
 * The cloud warehouse tab of My bill on the demo tenant's seeded history: the provider is
 * chosen for the user, the fee flow of the last 7 days and its charts show, the filters narrow
 * the rows, the currency switch converts the balance, and every action needs a provider first.
 */

type Provider = { name: string; wws_id: number };

let browser: Browser;
let token: string;
let providers: Provider[];

beforeAll(async () => {
  browser = await launch();
  token = (await signInByApi(DEMO.account, DEMO.password)).authorization;
  providers = await ok<Provider[]>('GET', '/api/v1/user/server/list', { token });
});
afterAll(async () => browser?.close());

async function openTab(language: string, query = ''): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await useToken(context, token);
  const page = await context.newPage();
  await page.goto(`/home?active=myBill&bill=CLOUDBILL${query}`);
  await personalCentreReady(page);
  await page.getByTestId('warehouse-bill').waitFor();
  return page;
}

const rows = (page: Page, table: string) => dataRows(page.getByTestId(table));

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 10_000 })
    .toBe(0);
  await page.waitForTimeout(350);
}

describe('cloud warehouse bill', () => {
  it('shows the first provider, its balance and the last 7 days of fee flow with charts', async () => {
    expect(providers.map((p) => p.name)).toEqual(['Asia Fulfilment', 'Demo Cloud Warehouse']);
    const page = await openTab('zh');
    await expect.poll(() => new URL(page.url()).searchParams.get('wws')).toBe(String(providers[0]!.wws_id));
    await rows(page, 'flow-table').first().waitFor();
    expect(await rows(page, 'flow-table').count()).toBe(20);
    // The default range is the last 7 days, whole days.
    const range = page.getByTestId('flow-filters').locator('.ant-picker input');
    // The browser's today, as the date picker shows it.
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    expect(await range.nth(1).inputValue()).toBe(today);
    // Pointing at a day of the trend reads out its balance and spend.
    const trend = page.getByTestId('warehouse-chart-balance');
    await trend.locator('svg').waitFor();
    await trend.hover();
    const readout = page.getByTestId('warehouse-chart-balance-readout');
    await expect.poll(() => readout.textContent()).toMatch(/余额.*-?\d+\.\d{2} CNY.*\d+\.\d{2} CNY/);
    // Spend by fee type: one row per type, largest first, each with its amount.
    const shares = page.getByTestId('warehouse-chart-by-type').getByRole('listitem');
    expect(await shares.count()).toBeGreaterThan(0);
    const amounts = (await shares.allTextContents()).map((text) => Number(/([\d.]+) CNY$/.exec(text)?.[1]));
    expect(amounts.every((amount) => amount > 0)).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await page.context().close();
  });

  it('narrows the fee flow by direction and by search, and switches to bills and rent', async () => {
    const page = await openTab('zh', `&wws=${providers[1]!.wws_id}`);
    await rows(page, 'flow-table').first().waitFor();
    await pickOption(page, 'flow-direction', '扣款');
    await expect.poll(() => new URL(page.url()).searchParams.get('flow.cbl_type')).toBe('2');
    // The narrowed page replaces the old one when its answer arrives: wait for it, not for a pause.
    await expect
      .poll(async () => new Set(await rows(page, 'flow-table').locator('td:nth-child(3)').allTextContents()))
      .toEqual(new Set(['扣款']));

    await page.getByTestId('flow-reset').click();
    await settle(page);
    // A top-up made by an earlier test has no order code: search by the first row that has one.
    const codes = await rows(page, 'flow-table').locator('td:nth-child(7)').allTextContents();
    const firstOrder = codes.map((code) => code.trim()).find((code) => /\w/.test(code)) ?? '';
    expect(firstOrder).not.toBe('');
    await pickOption(page, 'flow-search-type', '系统单号');
    await expect.poll(() => new URL(page.url()).searchParams.get('flow.search_type')).toBe('2');
    await page.getByTestId('flow-code').fill(firstOrder);
    await page.getByTestId('flow-code').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('flow.search_code')).toBe(firstOrder);
    // The narrowed page replaces the old one when its answer arrives: wait for it, not for a pause.
    await expect
      .poll(async () => new Set(await rows(page, 'flow-table').locator('td:nth-child(7)').allTextContents()), {
        timeout: 10_000,
      })
      .toEqual(new Set([firstOrder]));

    await page.getByTestId('warehouse-menu-bill').click();
    await rows(page, 'bill-table').first().waitFor();
    await pickOption(page, 'bill-verification', '未对账');
    await expect
      .poll(async () => new Set(await rows(page, 'bill-table').locator('td:nth-child(11)').allTextContents()))
      .toEqual(new Set(['未对账']));

    await page.getByTestId('warehouse-menu-rent').click();
    await rows(page, 'rent-table').first().waitFor();
    expect(await rows(page, 'rent-table').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows every column docs/product.md lists, the warehouse account, and the credit list with its filters', async () => {
    const page = await openTab('zh');
    await rows(page, 'flow-table').first().waitFor();
    const titles = (table: string) => page.getByTestId(table).locator('thead th').allTextContents();
    expect(await titles('flow-table')).toEqual(expect.arrayContaining(['平台', '站点', '店铺']));
    // The platform filter offers the tenant's platforms (the platform call), not a fixed list.
    const platforms = await ok<{ platform_name: string }[]>('GET', '/api/v1/common/platform', {
      token,
      query: { site: 0 },
    });
    expect(platforms.length).toBeGreaterThan(0);
    await page.getByTestId('flow-platform').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(platforms.map((p) => p.platform_name));
    await page.keyboard.press('Escape');
    const account = await ok<{ company_code: string }>('POST', '/api/v1/common/wmsUnit', {
      token,
      body: { service: 'getAccount', wws_id: providers[0]!.wws_id, params: {} },
    });
    await expect.poll(() => page.getByTestId('warehouse-account').textContent()).toContain(account.company_code);
    await page.getByTestId('warehouse-menu-bill').click();
    await rows(page, 'bill-table').first().waitFor();
    expect(await titles('bill-table')).toEqual(expect.arrayContaining(['店铺']));
    await page.getByTestId('warehouse-menu-rent').click();
    await rows(page, 'rent-table').first().waitFor();
    expect(await titles('rent-table')).toEqual(expect.arrayContaining(['计算币种', '收费币种']));
    await page.getByTestId('warehouse-action-applyCredit').click();
    await page.getByTestId('credit-table').waitFor();
    expect(await titles('credit-table')).toEqual(expect.arrayContaining(['审核时间', '更新时间']));
    for (const filter of ['credit-channel', 'credit-time-type', 'credit-range', 'credit-applicant', 'credit-code'])
      await page.getByTestId(filter).first().waitFor();
    await page.context().close();
  });

  it('converts the balance by the rate, rounding down to 3 decimals', async () => {
    const wwsId = providers[1]!.wws_id;
    const balance = await ok<{ cb_value: string }>('POST', '/api/v1/common/wmsUnit', {
      token,
      body: { service: 'getBalance', wws_id: wwsId, params: {} },
    });
    const page = await openTab('zh', `&wws=${wwsId}`);
    const value = page.getByTestId('warehouse-balance-value');
    await expect.poll(() => value.textContent()).toBe(`${balance.cb_value} CNY`);
    await pickOption(page, 'warehouse-currency', 'USD');
    const fen = balance.cb_value.startsWith('-') ? -yuanToFen(balance.cb_value.slice(1)) : yuanToFen(balance.cb_value);
    await expect.poll(() => value.textContent()).toBe(`${convertFromCny(fen, '7.1')} USD`);
    await page.context().close();
  });

  it('asks for a provider before any of the four actions', async () => {
    // A cleared selector is an empty wws parameter: no provider is chosen again for the user.
    const page = await openTab('zh', '&wws=');
    await page.getByText('请先选择服务商').first().waitFor();
    expect(await page.getByTestId('flow-table').count()).toBe(0);
    await page.getByTestId('warehouse-action-onlineTopUp').click();
    await nextToast(page, '请先选择服务商');
    await page.getByTestId('warehouse-action-applyCredit').click();
    await nextToast(page, '请先选择服务商');
    await page.context().close();
  });

  it('exports the fee flow: the task reaches done in the dialog and downloads a CSV with the localized header', async () => {
    const page = await openTab('zh', `&wws=${providers[0]!.wws_id}`);
    await rows(page, 'flow-table').first().waitFor();
    await page.getByTestId('flow-export').click();
    await page.getByTestId('flow-export-csv').click();
    await nextToast(page, '导出请求发送成功, 请点击  异步导出下载 按钮查看');
    // The export list button counts the viewer's exports at this provider.
    const badge = page.locator('.ant-badge:has([data-testid="warehouse-action-exportList"]) .ant-badge-count');
    await expect.poll(async () => Number(await badge.getAttribute('title'))).toBeGreaterThanOrEqual(1);
    await page.getByTestId('warehouse-action-exportList').click();
    const table = page.getByTestId('export-table');
    await table.waitFor();
    const newest = dataRows(table).first();
    await newest.waitFor();
    expect(await newest.textContent()).toMatch(/^费用流水_\d{14}\.csv/);
    // The dialog polls while the task runs: the download appears without reopening it.
    const download = newest.locator('a[data-testid^="export-download-"]');
    await download.waitFor({ timeout: 30_000 });
    expect(await newest.textContent()).toContain('导出完成');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('时间,费用类型,资金方向,交易金额,当前余额,流水号,系统单号,仓库单号,跟踪号,店铺,平台,备注');
    expect(lines.length).toBeGreaterThan(1);
    await page.context().close();
  });

  it.each(LANGUAGES)('has no serious axe finding in %s, and screenshots of the three lists', async (language) => {
    const page = await openTab(language, `&wws=${providers[1]!.wws_id}`);
    for (const menu of ['flow', 'bill', 'rent'] as const) {
      await page.getByTestId(`warehouse-menu-${menu}`).click();
      await rows(page, `${menu}-table`).first().waitFor();
      await settle(page);
      await snap(page, `warehouse-${menu}-${language}`);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
    // The export download list, with a finished export of this provider in it.
    await ok('POST', '/api/v1/common/wmsUnit', {
      token,
      body: { service: 'asyncExport', wws_id: providers[1]!.wws_id, params: { exportType: 2 } },
    });
    await page.getByTestId('warehouse-action-exportList').click();
    await page
      .getByTestId('export-table')
      .locator('a[data-testid^="export-download-"]')
      .first()
      .waitFor({ timeout: 30_000 });
    await settle(page);
    await snap(page, `warehouse-export-dialog-${language}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.context().close();
  });
});
