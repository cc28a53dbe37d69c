import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage, snap } from './browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
});
afterAll(async () => browser?.close());

async function chooseLanguage(page: Page, lang: 'zh' | 'kr' | 'th') {
  await page.getByTestId('language-chooser').click();
  await page.getByTestId(`language-option-${lang}`).click();
}

describe('the walking skeleton in Chromium', () => {
  it('redirects / to /login', async () => {
    await page.goto('/');
    await page.waitForURL(`${baseURL()}/login`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await snap(page, 'skeleton-01-login-zh');
  });

  it('switches the page to Thai and back to Chinese', async () => {
    const heading = page.getByRole('heading').first();
    const chinese = (await heading.textContent()) ?? '';
    expect(chinese).toMatch(/[\u4e00-\u9fff]/);

    await chooseLanguage(page, 'th');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('th');
    await expect.poll(async () => (await heading.textContent()) ?? '').toMatch(/[\u0e00-\u0e7f]/);
    await snap(page, 'skeleton-02-login-th');

    // The choice survives a reload.
    await page.reload();
    await expect.poll(async () => (await page.getByRole('heading').first().textContent()) ?? '').toMatch(
      /[\u0e00-\u0e7f]/,
    );

    await chooseLanguage(page, 'zh');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(async () => (await page.getByRole('heading').first().textContent()) ?? '').toBe(chinese);
    await snap(page, 'skeleton-03-login-zh-again');
  });

  it('shows the not-found page with a link back to / for an unknown path', async () => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    await snap(page, 'skeleton-04-not-found');
    const link = notFound.locator('a[href="/"]');
    expect(await link.count()).toBe(1);
    await link.click();
    await page.waitForURL(`${baseURL()}/login`);
  });

  it('answers unknown API paths with the envelope, not the app', async () => {
    const res = await page.request.get('/api/v1/nothing');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, data: null });
  });
});
