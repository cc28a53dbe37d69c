import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, createAccount, DEMO, latestSmsCode, ok, signInByApi, uniquePhone } from './helpers/api.ts';
import {
  chooseLanguage,
  cookie,
  loginWithAccount,
  loginWithMobile,
  nextToast,
  onPath,
  scanQrCode,
  type Language,
  personalCentreReady,
} from './helpers/pages.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A fresh browser profile per test: no cookies or saved values carried over. */
async function freshPage(): Promise<void> {
  await context?.close();
  context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  // What a browser extension's content script would receive after a sign-in.
  await context.addInitScript(() => {
    const w = window as unknown as { __messages: unknown[] };
    w.__messages = [];
    window.addEventListener('message', (event) => w.__messages.push(event.data));
  });
  page = await context.newPage();
}

beforeAll(async () => {
  browser = await launch();
});
beforeEach(freshPage);
afterAll(async () => browser?.close());

/** The account registered through the register page, used again by later tests. */
const registered = { phone: uniquePhone(), password: 'Reset2026pw' };

describe('sign-in, registration and password reset in Chromium', () => {
  it('shows the login page with carousel, contact block, links and legal dialogs in zh, kr and th', async () => {
    await page.goto('/login');
    await page.getByTestId('login-page').waitFor();
    await page.getByTestId('advert-carousel').locator('img').first().waitFor();
    expect(await page.getByTestId('advert-carousel').locator('img').count()).toBe(3);
    await page.getByTestId('contact-block').waitFor();
    expect(await page.getByTestId('register-link').isVisible()).toBe(true);
    expect(await page.getByTestId('forget-password-link').isVisible()).toBe(true);
    expect(await page.getByTestId('brand').getAttribute('data-brand')).toBe('seller-centre');

    // The privacy policy opens in an 800 px dialog.
    await page.getByTestId('legal-link-privacy').click();
    await page.getByTestId('legal-dialog-privacy').waitFor();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('legal-dialog-privacy') });
    // (once its opening animation has finished)
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
    await dialog.getByRole('button', { name: '我知道了' }).click();
    await page.getByTestId('legal-dialog-privacy').waitFor({ state: 'hidden' });

    for (const language of ['zh', 'kr', 'th'] as Language[]) {
      await chooseLanguage(page, language);
      await page.waitForTimeout(300);
      await snap(page, `sign-in-01-login-${language}`);
    }
    await page.getByTestId('login-tab-qr').click();
    await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
    await snap(page, 'sign-in-02-login-qr-th');
  });

  it('shows every validation message of the register form', async () => {
    await page.goto('/register');
    await page.getByTestId('register-page').waitFor();
    await page.getByTestId('sms-send').click();
    await nextToast(page, '请填写您的手机号码');
    await page.getByTestId('register-submit').click();
    await page.getByRole('alert').filter({ hasText: '请输入手机号码' }).first().waitFor();
    await page.getByRole('alert').filter({ hasText: '请输入验证码' }).first().waitFor();
    await nextToast(page, '请勾选用户注册隐私条款');
  });

  it('registers with the demo tenant’s invite link, prefilled and locked, and the inviter is credited', async () => {
    const demo = await signInByApi(DEMO.account, DEMO.password);
    const { invite_code, invite_url } = await ok<{ invite_code: string; invite_url: string }>(
      'GET',
      '/api/v2/user/invite/code',
      { token: demo.authorization },
    );
    const before = await ok<{ invite_number: number }>('GET', '/api/v2/user/invite/statistics', {
      token: demo.authorization,
    });

    // Arriving through a campaign link first: the login page keeps where the visitor came from.
    await page.goto(
      '/login?source=e2e-campaign&system=1&referrer=https%3A%2F%2Fblog.example%2Fpost&secondary_source=banner',
    );
    await page.getByTestId('login-page').waitFor();
    expect(await cookie(context, 'source')).toBe('e2e-campaign');
    expect(await cookie(context, 'secondary_source')).toBe('banner');

    await page.goto(new URL(invite_url).pathname + new URL(invite_url).search);
    const invite = page.getByTestId('invite-code-input');
    await invite.waitFor();
    expect(await invite.inputValue()).toBe(invite_code);
    expect(await invite.isDisabled()).toBe(true);
    for (const language of ['zh', 'kr', 'th'] as Language[]) {
      await chooseLanguage(page, language);
      await page.waitForTimeout(300);
      await snap(page, `sign-in-03-register-${language}`);
    }
    await chooseLanguage(page, 'zh');

    await page.getByTestId('phone-input').fill(registered.phone);
    const sentAt = new Date(Date.now() - 1000);
    await page.getByTestId('sms-send').click();
    // The 60 s countdown disables the button.
    await expect.poll(() => page.getByTestId('sms-send').textContent()).toMatch(/\d+ 秒后重新获取/);
    expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);
    const code = await latestSmsCode(registered.phone, 'register:', sentAt);
    await page.getByTestId('sms-code-input').fill(code);
    await page.getByTestId('privacy-checkbox').check();

    const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/register') && r.method() === 'POST');
    await page.getByTestId('register-submit').click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      phone_number: registered.phone,
      area: '86',
      invite_code,
      invite_code_type: '1',
      checked: true,
      source: 'e2e-campaign',
      system: 1,
      referrer: 'https://blog.example/post',
      secondary_source: 'banner',
    });
    await nextToast(page, '注册成功');
    await onPath(page, '/login');

    const after = await ok<{ invite_number: number }>('GET', '/api/v2/user/invite/statistics', {
      token: demo.authorization,
    });
    expect(after.invite_number).toBe(before.invite_number + 1);
  });

  it('signs in with user name and password, sets the session cookies and tells the extension', async () => {
    await page.goto('/login');
    await page.getByTestId('long-time').check();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/user/login/account'));
    await loginWithAccount(page, `  ${DEMO.account} `, DEMO.password);
    expect((await request).postDataJSON()).toEqual({
      account_name: DEMO.account,
      password: DEMO.password,
      long_time: 1,
      system: 1,
    });
    await nextToast(page, '登录成功');
    await onPath(page, '/home');
    await page.getByTestId('personal-centre-page').waitFor();
    expect(await page.getByTestId('company-name').textContent()).toBe(DEMO.company);

    const token = await cookie(context, 'token');
    expect(token).toBeTruthy();
    const userinfo = JSON.parse(decodeURIComponent((await cookie(context, 'userinfo')) ?? '{}')) as Record<
      string,
      unknown
    >;
    expect(userinfo).toMatchObject({ user_name: DEMO.account, account_type: 1 });
    // 'Automatic login 7 days' was ticked: the cookies outlive the browser for the session's 7 days.
    const tokenCookie = (await context.cookies(baseURL())).find((c) => c.name === 'token');
    expect(tokenCookie!.expires * 1000).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    const messages = await page.evaluate(
      () => (window as unknown as { __messages: { type?: string; token?: string }[] }).__messages,
    );
    expect(messages.find((m) => m.type === 'seller-centre:login')?.token).toBe(token);
    expect(await page.evaluate(() => localStorage.getItem('defaultChoose'))).toBe('1');
  });

  it('signs in with mobile and password, remembering the chosen system', async () => {
    await page.goto('/login');
    await page.getByTestId('system-option-2').click();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/user/login/mobile'));
    await loginWithMobile(page, DEMO.phone, DEMO.password);
    expect((await request).postDataJSON()).toMatchObject({
      phone_number: DEMO.phone,
      area: '86',
      system: 2,
      long_time: 0,
    });
    // Both products' addresses default to this product's /home.
    await onPath(page, '/home');
    await page.getByTestId('personal-centre-page').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('defaultChoose'))).toBe('2');
  });

  it('refuses a wrong password with the server message and keeps only language and defaultChoose', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('defaultChoose', '1');
      localStorage.setItem('some-cache', 'x');
    });
    await loginWithAccount(page, DEMO.account, 'wrong-password-1');
    await page.getByTestId('toast').and(page.locator('[data-kind="error"]')).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('some-cache'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('defaultChoose'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh');
    expect(page.url()).toBe(`${baseURL()}/login`);
  });

  it('signs the newly registered account in with an SMS code', async () => {
    await page.goto('/login');
    await page.getByTestId('switch-to-sms').click();
    await page.getByTestId('sms-login-form').waitFor();
    await page.getByTestId('phone-input').fill(registered.phone);
    const sentAt = new Date(Date.now() - 1000);
    await page.getByTestId('sms-send').click();
    const code = await latestSmsCode(registered.phone, 'login:', sentAt);
    await page.getByTestId('sms-code-input').fill(code);
    await page.getByTestId('login-submit').click();
    await onPath(page, '/home');
    expect(await page.getByTestId('profile-phone').textContent()).toContain(registered.phone.slice(-4));
    expect(await page.getByTestId('profile-account-type').textContent()).toBe('主账号');
  });

  it('signs in by WeChat QR: an unbound scan asks for phone and password, a bound scan signs in at once', async () => {
    const account = await createAccount();
    const openId = `o_e2e_${Date.now()}`;

    await page.goto('/login');
    await page.getByTestId('login-tab-qr').click();
    await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
    await scanQrCode(page, openId, 'QR Tester');
    // The next 4 s poll sees the scan: this WeChat is not bound, so the bind form replaces the code.
    await page.getByTestId('bind-mobile-form').waitFor({ timeout: 10_000 });
    await snap(page, 'sign-in-04-bind-mobile-zh');
    await page.getByTestId('phone-input').fill(account.phone);
    await page.getByTestId('password-input').fill(account.password);
    await page.getByTestId('bind-submit').click();
    await onPath(page, '/home');
    expect(await page.getByTestId('profile-wechat').textContent()).toBe('QR Tester');

    await freshPage();
    await page.goto('/login');
    await page.getByTestId('login-tab-qr').click();
    await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
    await scanQrCode(page, openId, 'QR Tester');
    await onPath(page, '/home');
    expect(await page.getByTestId('profile-phone').textContent()).toContain(account.phone.slice(-4));
  });

  it('logs out: cookies and saved values go, language stays, and the old token is refused', async () => {
    const demo = await signInByApi(DEMO.account, DEMO.password);
    await context.addCookies([{ name: 'token', value: demo.authorization, url: baseURL() }]);
    await page.goto('/home');
    await personalCentreReady(page);
    await chooseLanguage(page, 'kr');
    await page.evaluate(() => localStorage.setItem('some-cache', 'x'));
    expect((await call('GET', '/api/v1/user/base/info', { token: demo.authorization })).status).toBe(200);

    await page.getByTestId('logout-button').click();
    await onPath(page, '/login');
    expect(await cookie(context, 'token')).toBeUndefined();
    expect(await cookie(context, 'userinfo')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('some-cache'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('kr');

    const refused = await call('GET', '/api/v1/user/base/info', { token: demo.authorization });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(401);
  });

  it('guards /home: no token goes to login, a revoked token is logged out', async () => {
    await page.goto('/home');
    await onPath(page, '/login');

    const demo = await signInByApi(DEMO.account, DEMO.password);
    await ok('POST', '/api/v2/user/logout', { token: demo.authorization });
    await context.addCookies([{ name: 'token', value: demo.authorization, url: baseURL() }]);
    await page.goto('/home?active=myCoupon');
    await onPath(page, '/login');
    expect(await cookie(context, 'token')).toBeUndefined();
  });

  it('logs out when a call answers 401 in the middle of a session', async () => {
    await page.goto('/login');
    await loginWithAccount(page, DEMO.account, DEMO.password);
    await onPath(page, '/home');
    await page.getByTestId('personal-centre-page').waitFor();
    const token = await cookie(context, 'token');
    await ok('POST', '/api/v2/user/logout', { token });

    await page.getByTestId('nav-myCoupon').click();
    await onPath(page, '/login');
    // The login page says it in the server's words, rather than a toast the page change hides.
    await page.getByTestId('login-notice').waitFor();
    expect(await page.getByTestId('login-notice').textContent()).toBe('登录已过期，请重新登录');
    expect(await cookie(context, 'token')).toBeUndefined();
  });

  it('resets a forgotten password, then signs in with the new one', async () => {
    await page.goto('/login');
    await page.getByTestId('forget-password-link').click();
    await onPath(page, '/forget-password');
    await page.getByTestId('phone-input').fill(registered.phone);
    const sentAt = new Date(Date.now() - 1000);
    await page.getByTestId('sms-send').click();
    const code = await latestSmsCode(registered.phone, 'find_pwd:', sentAt);
    await page.getByTestId('sms-code-input').fill(code);
    await page.getByTestId('new-password-input').fill(registered.password);
    await page.getByTestId('confirm-password-input').fill(`${registered.password}x`);
    await page.getByTestId('privacy-checkbox').check();
    await page.getByTestId('reset-submit').click();
    await page.getByRole('alert').filter({ hasText: '新密码格式错误：两次输入的密码不一致' }).waitFor();
    await snap(page, 'sign-in-05-forget-password-zh');

    await page.getByTestId('confirm-password-input').fill(registered.password);
    await page.getByTestId('reset-submit').click();
    await nextToast(page, '密码已重置');
    await onPath(page, '/login');

    await loginWithMobile(page, registered.phone, registered.password);
    await onPath(page, '/home');
    await page.getByTestId('personal-centre-page').waitFor();
  });

  it('serves the partner variant by host name: its own brand, and no register link', async () => {
    const partner = new URL(baseURL());
    partner.hostname = 'tradewind.localhost';
    await page.goto(`${partner.origin}/login`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.getByTestId('brand').getAttribute('data-brand')).toBe('tradewind');
    expect(await page.getByTestId('register-link').count()).toBe(0);
    expect(await page.getByTestId('copyright').textContent()).toContain('信风跨境');
    await snap(page, 'sign-in-06-partner-variant-zh');
  });
});
