import { HOME_MODULE_KEYS } from '@seller-centre/contract/paths';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from '../browser.ts';

export type Language = 'zh' | 'kr' | 'th';

export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', kr: 'ko', th: 'th' };

/** Every personal centre module, in menu order: the demo's main account sees them all. */
export const MODULE_KEYS = HOME_MODULE_KEYS;

/** Switches the interface language through the chooser, as a user would. */
/**
 * Waits until the personal centre's module answers. On a full load of `/home` (or of a module the
 * server draws, such as My bill) the server draws the page
 * and the app takes it over a moment later (web/src/main.tsx): until then it can be read, but its
 * buttons do nothing, and it may still be in the language of the server's guess.
 */
export async function personalCentreReady(page: Page): Promise<void> {
  await page.locator('[data-testid="module-ready"][data-ready]').waitFor({ state: 'attached' });
}

export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-chooser').click();
  await page.getByTestId(`language-option-${language}`).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(HTML_LANG[language]);
}

/**
 * The toast that appears next (success, warning or error): the signed-out pages' own, or antd's
 * message on the signed-in ones.
 */
export async function nextToast(page: Page, text: string | RegExp): Promise<void> {
  await toasts(page).filter({ hasText: text }).first().waitFor();
}

/** Every toast on show. */
export function toasts(page: Page) {
  return page.getByTestId('toast').or(page.locator('.ant-message-notice'));
}

/**
 * The rows of a table that stand for records, in antd's tables and the app's own (both mark such
 * rows with their key): not the header, the empty or loading placeholder, or a row opened under another.
 */
export function dataRows(scope: Page | Locator): Locator {
  return scope.getByRole('row').and(scope.locator('[data-row-key]'));
}

/**
 * Waits for every finite animation on the page (antd's open and close motions) to end; spinners
 * run forever and are skipped. A control clicked while its dialog still zooms in can miss the click.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Signs the browser in with a token from the API (the cookie the login page would set). */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(baseURL())).find((c) => c.name === name)?.value;
}

/** Waits until the app is on a path (ignoring the query). */
export async function onPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** The account + password form of the login page, filled and submitted. */
export async function loginWithAccount(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId('login-kind-account').click();
  await page.getByTestId('account-input').fill(account);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function loginWithMobile(page: Page, phone: string, password: string): Promise<void> {
  await page.getByTestId('login-kind-mobile').click();
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Plays the WeChat user: opens the QR code's scan page (the simulator) in another tab and
 * confirms the scan with the given open id and nickname.
 */
export async function scanQrCode(page: Page, openId: string, nickname: string): Promise<void> {
  const link = page.getByTestId('wechat-simulator-link');
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the QR code has no scan link');
  const phone = await page.context().newPage();
  try {
    await phone.goto(href);
    await phone.locator('input[name="open_id"]').fill(openId);
    await phone.locator('input[name="nickname"]').fill(nickname);
    await phone.locator('button[type="submit"]').click();
    await phone.locator('#result.ok').waitFor();
  } finally {
    await phone.close();
  }
}

/** The open antd select dropdowns (a closed one stays in the page, hidden). */
const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/**
 * Opens the select `testId` and picks its first option containing `option`. Waits for every
 * other dropdown to have closed first, and for this one to close after: a dropdown still in its
 * closing motion is not yet hidden, and an option of the previous select that happens to contain
 * the text (a `3` in `2003`) would be clicked instead.
 */
export async function pickOption(page: Page, testId: string, option: string): Promise<void> {
  const open = page.locator(OPEN_DROPDOWN);
  await expect.poll(() => open.count()).toBe(0);
  await page.getByTestId(testId).click();
  await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect.poll(() => open.count()).toBe(0);
}
