import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { DEMO, ok, signInByApi } from './helpers/api.ts';
import { describeViolations, seriousViolations, type AxeViolation } from './helpers/axe.ts';
import { HTML_LANG, MODULE_KEYS, useToken, type Language, personalCentreReady } from './helpers/pages.ts';

/**
 * WCAG 2.2 AA in Chromium: axe-core on every page and every open dialog, in zh, kr and th,
 * with no critical or serious finding; and the keyboard: a skip link first, the sign-in form
 * a few presses away, visible focus, dialogs that keep and give back focus.
 */

const LANGUAGES: readonly Language[] = ['zh', 'kr', 'th'];

let browser: Browser;
let token: string;
let employeeId: number;
let roleId: number;

beforeAll(async () => {
  browser = await launch();
  token = (await signInByApi(DEMO.account, DEMO.password)).authorization;
  const accounts = await ok<{ data: { user_id: number; auth_role_id: number | null }[] }>(
    'GET',
    '/api/v1/auth/sub-account',
    { token, query: { page: 1, limit: 30, status: 1 } },
  );
  const employee = accounts.data.find((a) => a.auth_role_id !== null && a.auth_role_id !== 1)!;
  employeeId = employee.user_id;
  roleId = employee.auth_role_id!;
});
afterAll(async () => browser?.close());

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function contextIn(language: Language, signedIn: boolean, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  if (signedIn) await useToken(context, token);
  return context;
}

/** What is still coming: a spinner, a skeleton, a region that says it is busy. */
const BUSY = '.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]';
/**
 * An antd motion under way: rc-motion gives an opening or closing part these classes for a few
 * frames before and while it animates, so the classes say more than the animations alone.
 */
const MOTION = /(^|\s)ant-[a-z-]+-(appear|enter|leave)(-(prepare|start|active))?(\s|$)/;

/**
 * Waits for what the user waits for before reading the page: its data (no spinner or skeleton
 * left), its fonts, and the end of every motion, since a dialog still fading in has text at part
 * opacity, which axe reads as low contrast.
 */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator(BUSY).count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(
      () =>
        page.evaluate((pattern) => {
          const motion = new RegExp(pattern);
          return [...document.querySelectorAll('[class]')].some((el) => motion.test(el.getAttribute('class') ?? ''));
        }, MOTION.source),
      { timeout: 10_000 },
    )
    .toBe(false);
}

type Finding = { where: string; violations: AxeViolation[] };

async function audit(page: Page, where: string, findings: Finding[], include?: string): Promise<void> {
  await settled(page);
  const violations = await seriousViolations(page, include);
  if (violations.length) findings.push({ where, violations });
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.where}\n${describeViolations(f.violations)}`).join('\n\n');
}

/**
 * The dialog that opened last (antd keeps closed ones in the DOM, hidden; the signed-out pages use
 * the browser's own dialog element).
 */
const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, dialog[open]';

async function openDialog(page: Page, trigger: string, findings: Finding[], where: string): Promise<void> {
  await page.getByTestId(trigger).first().click();
  await page.locator(OPEN_DIALOG).last().waitFor();
  await audit(page, where, findings);
  await page.keyboard.press('Escape');
  await page.locator(OPEN_DIALOG).last().waitFor({ state: 'hidden' });
}

// Each test walks a dozen pages and runs axe on each: 35-50 s on a quiet 2-core machine, so the
// suite's 60 s would fail them on a busy one.
describe.each(LANGUAGES)('axe-core in %s', { timeout: 180_000 }, (language) => {
  it('finds nothing serious on the sign-in page and its dialogs', async () => {
    const context = await contextIn(language, false);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      await page.goto('/login');
      await page.getByTestId('account-input').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(HTML_LANG[language]);
      await audit(page, 'login (account)', findings);
      await page.getByTestId('login-kind-mobile').click();
      await audit(page, 'login (mobile + password)', findings);
      await page.getByTestId('switch-to-sms').click();
      await page.getByTestId('sms-login-form').waitFor();
      await audit(page, 'login (SMS code)', findings);
      await page.getByTestId('login-tab-qr').click();
      await page.getByTestId('wechat-simulator-link').waitFor();
      await audit(page, 'login (QR code)', findings);
      await page.getByTestId('language-chooser').click();
      await page.locator('[role="menu"]').waitFor();
      await audit(page, 'language menu', findings);
      await page.keyboard.press('Escape');
      await page.getByTestId('login-tab-account').click();
      await openDialog(page, 'legal-link-privacy', findings, 'privacy policy dialog');
      if (language === 'zh') await snap(page, 'a11y-login-zh-1366');
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
    // Seven full-page audits: on a busy two-core machine they take most of the default minute.
  }, 120_000);

  it('finds nothing serious on the other signed-out pages', async () => {
    const context = await contextIn(language, false);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      await page.goto('/register');
      await page.getByTestId('register-page').waitFor();
      await audit(page, 'register', findings);
      await page.getByTestId('register-submit').click();
      await audit(page, 'register with field errors', findings);

      await page.goto('/forget-password');
      await page.getByTestId('forget-password-page').waitFor();
      await audit(page, 'forget password', findings);

      await page.goto('/no/such/page');
      await page.getByTestId('not-found').waitFor();
      await audit(page, 'not found', findings);
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
  });

  it('finds nothing serious on any personal-centre module', async () => {
    const context = await contextIn(language, true);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      for (const module of MODULE_KEYS) {
        await page.goto(`/home?active=${module}`);
        await personalCentreReady(page);
        await page.getByTestId(`module-${module}`).waitFor();
        await audit(page, `module ${module}`, findings);
      }
      // A list that failed to load, with its retry.
      await page.route('**/api/v1/auth/role?**', (route) => route.abort());
      await page.goto('/home?active=roleManagement');
      await personalCentreReady(page);
      await page.getByTestId('list-error').waitFor({ timeout: 30_000 });
      await audit(page, 'role list that failed to load', findings);
      await page.unroute('**/api/v1/auth/role?**');
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
  });

  it('on a phone: the menu folds behind its button, and no module has a serious finding', async () => {
    const context = await contextIn(language, true, PHONE);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      await page.goto('/home');
      await personalCentreReady(page);
      const toggle = page.getByTestId('phone-menu-toggle');
      const menu = page.locator('#side-navigation');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.isVisible()).toBe(false);
      await toggle.click();
      expect(await menu.isVisible()).toBe(true);
      await audit(page, 'phone menu open', findings);
      // Choosing a module folds the menu again, so the page is what the screen shows.
      await menu.locator('a[href*="active=myCoupon"]').click();
      await page.getByTestId('module-myCoupon').waitFor();
      await expect.poll(() => menu.isVisible()).toBe(false);
      for (const module of MODULE_KEYS) {
        await page.goto(`/home?active=${module}`);
        await personalCentreReady(page);
        await page.getByTestId(`module-${module}`).waitFor();
        await audit(page, `phone, module ${module}`, findings);
        // Nothing runs off the side of the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
  });

  it('finds nothing serious on service upgrade, My bill and the payment dialogs', async () => {
    const context = await contextIn(language, true);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      for (const tab of ['1', '2', '3']) {
        await page.goto(`/home?active=serviceUpgrade&tab=${tab}`);
        await personalCentreReady(page);
        await page.getByTestId('checkout').waitFor();
        await audit(page, `service upgrade tab ${tab}`, findings);
      }
      await page.getByTestId('top-up-custom').click();
      await page.getByTestId('top-up-amount').fill('12.345');
      await page.getByTestId('top-up-amount').blur();
      await page.getByTestId('top-up-amount-error').waitFor();
      await audit(page, 'custom top-up with its error', findings);
      await openDialog(page, 'payment-terms-link', findings, 'payment terms dialog');

      await page.getByTestId('top-up-1').click();
      await page.getByTestId('pay-alipay').click();
      await page.getByTestId('pay-qr-image').waitFor();
      await page.getByTestId('pay-cashier-link').waitFor();
      await audit(page, 'payment dialog', findings);
      await page.keyboard.press('Escape');
      await page.getByTestId('payment-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('top-up-2').click();
      await page.getByTestId('switch-confirm-ok').waitFor();
      await audit(page, 'switch package confirmation', findings);
      await page.keyboard.press('Escape');

      for (const tab of ['SOFTBILL', 'DUDUCTION', 'CLOUDBILL', 'THIRDPARTY']) {
        await page.goto(`/home?active=myBill&bill=${tab}`);
        await personalCentreReady(page);
        await page.getByTestId(`bill-tab-${tab}`).waitFor();
        await audit(page, `My bill ${tab}`, findings);
      }
      await page.route('**/api/v1/pay/package/list', (route) => route.abort());
      await page.goto('/home?active=myBill&bill=SOFTBILL');
      await personalCentreReady(page);
      await page.getByTestId('list-error').waitFor({ timeout: 30_000 });
      await audit(page, 'software bill that failed to load', findings);
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
  });

  it('finds nothing serious in any dialog of the personal centre', async () => {
    const context = await contextIn(language, true);
    const page = await context.newPage();
    const findings: Finding[] = [];
    try {
      await page.goto('/home?active=personalCenter&invite=');
      await personalCentreReady(page);
      await page.getByTestId('invitations-dialog').waitFor();
      await page.getByTestId('invite-link').waitFor();
      await audit(page, 'invitations dialog', findings);
      await page.keyboard.press('Escape');
      await page.getByTestId('invitations-dialog').waitFor({ state: 'hidden' });
      for (const trigger of ['edit-user-name', 'edit-company', 'change-password', 'wechat-bind']) {
        await openDialog(page, trigger, findings, `personal centre: ${trigger}`);
      }

      await page.goto('/home?active=roleManagement');
      await personalCentreReady(page);
      await page.getByTestId(`role-permissions-${roleId}`).waitFor();
      await openDialog(page, 'role-create', findings, 'create role dialog');
      await openDialog(page, `role-edit-${roleId}`, findings, 'edit role dialog');
      await page.getByTestId(`role-permissions-${roleId}`).click();
      await page.getByTestId('role-permission-dialog').waitFor();
      await page.locator('[data-testid^="perm-node-"]').first().waitFor();
      await audit(page, 'role permissions dialog', findings);
      await page.keyboard.press('Escape');

      await page.goto('/home?active=authorityManagement');
      await personalCentreReady(page);
      await page.getByTestId(`account-edit-${employeeId}`).waitFor();
      await openDialog(page, 'account-create', findings, 'create account dialog');
      await openDialog(page, `account-edit-${employeeId}`, findings, 'edit account dialog');
      await openDialog(page, `account-password-${employeeId}`, findings, 'account password dialog');
      await page.getByTestId(`account-data-${employeeId}`).click();
      await page.locator(OPEN_DIALOG).last().waitFor();
      await audit(page, 'data authority dialog', findings);
      await page.keyboard.press('Escape');
      await page.getByTestId(`account-status-${employeeId}`).click();
      await page.getByTestId('confirm-ok').waitFor();
      await audit(page, 'account status confirmation', findings);
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
    expect(report(findings)).toBe('');
  });
});

describe('the keyboard', () => {
  it('reaches the sign-in form through a skip link, a few presses from the top', async () => {
    const context = await contextIn('zh', false);
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByTestId('account-input').waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
      await page.keyboard.press('Enter');
      let presses = 0;
      while (
        presses < 6 &&
        (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) !== 'account-input'
      ) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-input');
      expect(presses).toBeLessThanOrEqual(5);
    } finally {
      await context.close();
    }
  });

  it('shows where focus is, keeps it inside a dialog and gives it back on close', async () => {
    const context = await contextIn('zh', true);
    const page = await context.newPage();
    try {
      await page.goto('/home?active=roleManagement');
      await personalCentreReady(page);
      await page.getByTestId('role-create').waitFor();
      await page.getByTestId('role-create').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('role-form-dialog');
      await dialog.waitFor();
      await page.waitForTimeout(400);
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        const outside = await page.evaluate(() =>
          document.activeElement?.closest('.ant-modal-wrap')
            ? ''
            : (document.activeElement?.outerHTML ?? 'nothing').slice(0, 200),
        );
        expect(outside, `Tab ${i + 1} left the dialog`).toBe('');
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('role-create');

      // The menu, moved through by keyboard, shows a focus ring.
      await page.getByTestId('nav-personalCenter').click();
      await page.keyboard.press('ArrowDown');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return `${style.outlineStyle} ${style.outlineWidth} ${style.boxShadow}`;
      });
      expect(ring).not.toMatch(/^none 0px none$/);
    } finally {
      await context.close();
    }
  });
});
