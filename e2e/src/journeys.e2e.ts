import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, createAccount, DEMO, latestSmsCode, ok, signInByApi, uniquePhone } from './helpers/api.ts';
import {
  chooseLanguage,
  cookie,
  loginWithAccount,
  nextToast,
  onPath,
  toasts,
  useToken,
  type Language,
  dataRows,
  personalCentreReady,
} from './helpers/pages.ts';

/**
 * What a new seller goes through, in Chromium: registering and signing in by SMS code, deep
 * links that survive signing in, a kept sign-in that survives a browser restart, being told
 * why a session ended, and a list that failed to load offering a retry.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function newContext(language: Language = 'zh'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 768 } });
  await context.addInitScript((lng) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lng);
  }, language);
  return context;
}

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, language?: Language): Promise<T> {
  const context = await newContext(language);
  try {
    return await fn(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('a new seller', () => {
  it('registers, lands on SMS sign-in with the phone filled in, signs in and is invited to set a password', async () => {
    await withPage(async (page) => {
      const phone = uniquePhone();
      await page.goto('/register');
      await page.getByTestId('phone-input').fill(phone);
      await page.getByTestId('sms-send').click();
      const code = await latestSmsCode(phone, 'register:');

      // A wrong code is named by its label, never by its wire name.
      await page.getByTestId('sms-code-input').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('privacy-checkbox').check();
      await page.getByTestId('register-submit').click();
      const wrong = toasts(page).filter({ hasText: '验证码' }).first();
      await wrong.waitFor();
      expect(await wrong.textContent()).not.toContain('sms_code');

      await page.getByTestId('sms-code-input').fill(code);
      await page.getByTestId('register-submit').click();
      await onPath(page, '/login');

      // The login page opens on SMS sign-in for the new phone: no password exists yet.
      await page.getByTestId('sms-login-form').waitFor();
      await page.getByTestId('registered-hint').waitFor();
      expect(await page.getByTestId('phone-input').inputValue()).toBe(phone);
      await snap(page, 'journey-register-then-sms-login-zh');
      await page.getByTestId('sms-send').click();
      const loginCode = await latestSmsCode(phone, 'login:');
      await page.getByTestId('sms-code-input').fill(loginCode);
      await page.getByTestId('login-submit').click();
      await onPath(page, '/home');

      await page.getByTestId('password-prompt').waitFor();
      await snap(page, 'journey-password-prompt-zh');
      await page.getByTestId('password-prompt-action').click();
      // No password yet: a code sent to the account's own phone proves the owner.
      await page.getByTestId('reauth-sms-send').click();
      await page.getByTestId('reauth-sms-code-input').fill(await latestSmsCode(phone, 'reauth:'));
      await page.getByTestId('new-password-input').fill('Seller2026x');
      await page.getByTestId('confirm-password-input').fill('Seller2026x');
      await page.getByTestId('password-save').click();
      await page.getByTestId('password-prompt').waitFor({ state: 'detached' });
      // The password now works.
      expect((await signInMobile(phone, 'Seller2026x')).code).toBe(200);
    });
  });
});

async function signInMobile(phone: string, password: string) {
  return (
    await call('POST', '/api/v2/user/login/mobile', {
      body: { phone_number: phone, area: '86', password, long_time: 0, system: 1 },
    })
  ).body;
}

describe('deep links', () => {
  it('come back after signing in, filters and all', async () => {
    await withPage(async (page) => {
      await page.goto('/home?active=roleManagement&status=0&limit=20');
      await onPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home?active=roleManagement&status=0&limit=20');
      await loginWithAccount(page, DEMO.account, DEMO.password);
      await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.get('status') === '0', {
        timeout: 15_000,
      });
      await page.getByTestId('role-management').waitFor();
      // The list opened as the link said: disabled roles, 20 a page.
      expect(await page.getByTestId('role-show-disabled').getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => page.getByRole('combobox', { name: '每页条数' }).inputValue()).toBe('20');
    });
  });

  it('never send a fresh session to another site', async () => {
    await withPage(async (page) => {
      await page.goto('/login?redirect=https://evil.example/phish');
      await loginWithAccount(page, DEMO.account, DEMO.password);
      await onPath(page, '/home');
      expect(new URL(page.url()).origin).toBe(baseURL());
      await page.goto('/login?redirect=//evil.example/phish');
      await loginWithAccount(page, DEMO.account, DEMO.password);
      await onPath(page, '/home');
      expect(new URL(page.url()).origin).toBe(baseURL());
    });
  });

  it('to a module the account is not granted show the no-permission page with a way back', async () => {
    const main = await createAccount();
    await withPage(async (page, context) => {
      // An employee holding only the personal centre.
      const role = await ok<{ id: number }>('POST', '/api/v1/auth/role', {
        token: main.token,
        body: { name: `Viewer${Date.now() % 100000}`, describe: '' },
      });
      const name = `viewer${Date.now() % 1_000_000}`;
      await ok('POST', '/api/v1/auth/sub-account', {
        token: main.token,
        body: {
          user_name: name,
          area: '86',
          phone_number: uniquePhone(),
          password: 'Viewer@2026',
          auth_role_id: role.id,
          shop_auth: { auth_type: 1 },
          warehouse_auth: { auth_type: 1 },
        },
      });
      await useToken(context, (await signInByApi(name, 'Viewer@2026')).authorization);
      await page.goto('/home?active=roleManagement');
      await personalCentreReady(page);
      await page.getByTestId('module-denied').waitFor();
      expect(await page.getByTestId('module-title').textContent()).toBe('角色管理');
      await snap(page, 'journey-no-permission-zh');
      await page.getByTestId('module-denied-back').click();
      await page.getByTestId('personal-centre-page').waitFor();

      // The role is disabled meanwhile: the employee is signed out and told why.
      await ok('PUT', '/api/v1/auth/role/status', { token: main.token, body: { id: role.id, status: 0 } });
      await page.reload();
      await onPath(page, '/login');
      await page.getByTestId('login-notice').waitFor();
      expect(await page.getByTestId('login-notice').textContent()).toMatch(/角色已被禁用/);
    });
  });
});

describe('automatic login 7 days', () => {
  /** The cookies a browser keeps across a restart: those with an expiry. */
  async function restart(context: BrowserContext): Promise<BrowserContext> {
    const kept = (await context.cookies(baseURL())).filter((c) => c.expires > 0);
    const next = await newContext();
    await next.addCookies(kept);
    return next;
  }

  it('keeps the seller signed in across a browser restart when ticked', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('long-time').check();
    await loginWithAccount(page, DEMO.account, DEMO.password);
    await onPath(page, '/home');
    const token = (await context.cookies(baseURL())).find((c) => c.name === 'token')!;
    expect(token.expires * 1000).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const next = await restart(context);
    await context.close();
    try {
      const again = await next.newPage();
      await again.goto('/home');
      await again.getByTestId('personal-centre').waitFor();
      expect(await cookie(next, 'userinfo')).toBeTruthy();
    } finally {
      await next.close();
    }
  });

  it('ends with the browser when not ticked', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await loginWithAccount(page, DEMO.account, DEMO.password);
    await onPath(page, '/home');
    expect((await context.cookies(baseURL())).find((c) => c.name === 'token')!.expires).toBe(-1);
    const next = await restart(context);
    await context.close();
    try {
      const again = await next.newPage();
      await again.goto('/home');
      await onPath(again, '/login');
    } finally {
      await next.close();
    }
  });
});

describe('a list that fails to load', () => {
  it("says why with the contract's network message and loads again on retry, never 'no data'", async () => {
    await withPage(async (page, context) => {
      await useToken(context, (await signInByApi(DEMO.account, DEMO.password)).authorization);
      let failing = true;
      await page.route('**/api/v1/auth/role?**', (route) =>
        failing ? route.abort('connectionrefused') : route.continue(),
      );
      await page.goto('/home?active=roleManagement');
      await page.getByTestId('list-error').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('list-error-reason').textContent()).toBe('请求超时，请联系管理员');
      expect(await page.locator('.ant-empty').count()).toBe(0);
      await snap(page, 'journey-list-error-zh');

      failing = false;
      await page.getByTestId('list-retry').click();
      await dataRows(page.getByTestId('role-table')).first().waitFor();
      expect(await page.getByTestId('list-error').count()).toBe(0);
    });
  });

  it('keeps page, size and filters in the URL: reload and back restore the list', async () => {
    await withPage(async (page, context) => {
      await useToken(context, (await signInByApi(DEMO.account, DEMO.password)).authorization);
      await page.goto('/home?active=authorityManagement');
      await dataRows(page.getByTestId('account-table')).first().waitFor();
      await page.getByTestId('account-search-name').fill('operator');
      await page.getByTestId('account-search').click();
      await page.waitForURL((url) => url.searchParams.get('user_name') === 'operator');
      await page.getByTestId('account-show-disabled').click();
      await page.waitForURL((url) => url.searchParams.get('status') === '0');

      await page.reload();
      await personalCentreReady(page);
      await page.getByTestId('authority-management').waitFor();
      expect(await page.getByTestId('account-search-name').inputValue()).toBe('operator');
      expect(await page.getByTestId('account-show-disabled').getAttribute('aria-checked')).toBe('true');

      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('status') === null);
      await expect.poll(() => page.getByTestId('account-show-disabled').getAttribute('aria-checked')).toBe('false');
      expect(await page.getByTestId('account-search-name').inputValue()).toBe('operator');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('user_name') === null);
      await expect.poll(() => page.getByTestId('account-search-name').inputValue()).toBe('');
    });
  });
});

describe('page titles', () => {
  it('follow the route and the module, in the current language', async () => {
    await withPage(async (page, context) => {
      await page.goto('/login');
      await expect.poll(() => page.title()).toMatch(/^登录 - /);
      await chooseLanguage(page, 'kr');
      await expect.poll(() => page.title()).toMatch(/^로그인 - /);
      await useToken(context, (await signInByApi(DEMO.account, DEMO.password)).authorization);
      await page.goto('/home?active=authorityManagement');
      await expect.poll(() => page.title()).toMatch(/^권한 관리 - /);
      await page.getByTestId('nav-roleManagement').click();
      await expect.poll(() => page.title()).toMatch(/^역할 관리 - /);
      await chooseLanguage(page, 'zh');
    });
  });
});

describe('messages', () => {
  it('from the previous page do not linger on the next', async () => {
    await withPage(async (page) => {
      await page.goto('/login');
      await loginWithAccount(page, DEMO.account, 'Wrong-password-1');
      await nextToast(page, /密码/);
      await page.getByTestId('register-link').click();
      await onPath(page, '/register');
      await expect.poll(() => toasts(page).count(), { timeout: 5_000 }).toBe(0);
    });
  });
});
