import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, createAccount, DEMO, signInByApi, signInByMobile } from './helpers/api.ts';
import {
  chooseLanguage,
  loginWithMobile,
  nextToast,
  onPath,
  scanQrCode,
  useToken,
  type Language,
  dataRows,
  personalCentreReady,
} from './helpers/pages.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => browser?.close());

const LANGUAGES: Language[] = ['zh', 'kr', 'th'];

describe('the personal centre in Chromium', () => {
  it('shows the demo tenant’s profile, packages and share card, with the last sign-in, in zh, kr and th', async () => {
    // A sign-in first, so the one after it has a 'last login' to show.
    await signInByApi(DEMO.account, DEMO.password);
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    await page.goto('/home');
    await personalCentreReady(page);

    expect(await page.getByTestId('company-name').textContent()).toBe(DEMO.company);
    expect(await page.getByTestId('profile-user-name').textContent()).toBe(DEMO.account);
    expect(await page.getByTestId('profile-company').textContent()).toBe(DEMO.company);
    expect(await page.getByTestId('profile-phone').textContent()).toBe('+86 138****8000');
    expect(await page.getByTestId('profile-account-type').textContent()).toBe('主账号');
    expect(await page.getByTestId('last-login-ip').textContent()).toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    expect(await page.getByTestId('last-login-time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // Packages of the ERP: one row per platform with quota and expiry; added-value packages.
    await page.getByTestId('package-table').locator('tbody tr[data-row-key]').first().waitFor();
    const platforms = await page.getByTestId('package-table').locator('tbody tr[data-row-key]').allTextContents();
    expect(platforms.join(' ')).toContain('Coupang');
    expect(await page.getByTestId('added-table').locator('tbody tr[data-row-key]').count()).toBeGreaterThan(0);
    // The selection product has its own.
    await page.getByTestId('package-system').getByText('选品').click();
    await expect.poll(() => page.getByTestId('package-table').locator('tbody tr[data-row-key]').count()).toBe(1);
    await page.getByTestId('package-system').getByText('ERP').click();

    await page.getByTestId('share-invite-number').getByText(/\d+/).first().waitFor();

    // The distributor module is for main accounts; the distribution bill shows when the tenant has it.
    await page.getByTestId('nav-distributor').waitFor();
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      await page.getByTestId('package-table').locator('tbody tr[data-row-key]').first().waitFor();
      await page.waitForTimeout(300);
      await snap(page, `personal-centre-01-home-${language}`);
    }
  });

  it('opens the invitations dialog from ?invite and from the share card', async () => {
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    await page.goto('/home?invite');
    const dialog = page.getByTestId('invitations-dialog');
    await dialog.waitFor();
    await page.getByTestId('invite-log-item').first().waitFor();
    expect(await page.getByTestId('invite-log-item').count()).toBeGreaterThanOrEqual(3);
    const first = await page.getByTestId('invite-log-item').first().textContent();
    expect(first).toMatch(/\+7 天/);
    expect(first).toContain('选品服务');
    expect(await page.getByTestId('invite-link').inputValue()).toMatch(/\/register\?invite_code=DEMO2026/);
    await snap(page, 'personal-centre-02-invitations-zh');

    await page.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('invite')).toBe(false);
    await page.getByTestId('share-view').click();
    await dialog.waitFor();
  });

  it('shows the invitations empty state to an account nobody has joined through', async () => {
    const account = await createAccount();
    await useToken(context, account.token);
    await page.goto('/home?invite=1');
    await page.getByTestId('invitations-dialog').getByText('暂无推荐记录').waitFor();
  });

  it('lists coupons by tab with their use type and discount, in zh, kr and th', async () => {
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    await page.goto('/home?active=myCoupon');
    await personalCentreReady(page);
    await page.getByTestId('coupon-list-0').waitFor();
    const unused = page.getByTestId('coupon-list-0').getByTestId('coupon-card');
    expect(await unused.count()).toBeGreaterThan(0);
    const discounts = await page.getByTestId('coupon-list-0').getByTestId('coupon-discount').allTextContents();
    // A fixed amount and a percentage (the ¥50 gift is the money journey's to spend).
    expect(discounts).toContain('¥20');
    expect(discounts).toContain('8.5折');
    expect(await page.getByTestId('coupon-list-0').textContent()).toContain('满 ¥2000 可用');
    // use_type 2 shows what the top-up is for.
    expect(await page.getByTestId('coupon-list-0').textContent()).toContain('文本翻译 A');

    for (const language of LANGUAGES) {
      await chooseLanguage(page, language);
      await page.getByTestId('coupon-list-0').waitFor();
      await page.waitForTimeout(300);
      await snap(page, `personal-centre-03-coupons-${language}`);
    }
    // Korean shows a fixed discount as the share taken off.
    await chooseLanguage(page, 'kr');
    expect(await page.getByTestId('coupon-list-0').getByTestId('coupon-discount').allTextContents()).toContain(
      '15% 할인',
    );
    await chooseLanguage(page, 'zh');

    await page.getByTestId('coupon-tab-1').click();
    await page.getByTestId('coupon-list-1').getByTestId('coupon-card').first().waitFor();
    expect(await page.getByTestId('coupon-list-1').textContent()).toContain('已使用');
    await page.getByTestId('coupon-tab-2').click();
    await page.getByTestId('coupon-list-2').getByTestId('coupon-card').first().waitFor();
    await page.waitForTimeout(400); // the tab's ink bar slides over
    await snap(page, 'personal-centre-04-coupons-expired-zh');
  });

  it('shows "no data" to an account without coupons', async () => {
    const account = await createAccount();
    await useToken(context, account.token);
    await page.goto('/home?active=myCoupon');
    await personalCentreReady(page);
    await page.getByTestId('coupons-empty').locator('.ant-empty-description').getByText('暂无数据').waitFor();
  });

  it('edits user name and company, changes the password, and binds and unbinds WeChat', async () => {
    const account = await createAccount();
    await page.goto('/login');
    await loginWithMobile(page, account.phone, account.password);
    await onPath(page, '/home');
    await page.getByTestId('personal-centre-page').waitFor();
    expect(await page.getByTestId('company-name').textContent()).toBe('未设置公司名称');

    // User name: letters and digits only.
    await page.getByTestId('edit-user-name').click();
    await page.getByTestId('user-name-input').fill('bad name!');
    await page.getByTestId('user-name-save').click();
    await page.getByText('只能输入字母或数字').waitFor();
    const userName = `seller${Date.now() % 1_000_000}`;
    await page.getByTestId('user-name-input').fill(userName);
    await page.getByTestId('user-name-save').click();
    await nextToast(page, '保存成功');
    await expect.poll(() => page.getByTestId('profile-user-name').textContent()).toBe(userName);
    expect(await page.getByTestId('header-user').textContent()).toContain(userName);

    // Company: required; the left panel follows.
    await page.getByTestId('edit-company').click();
    await page.getByTestId('company-input').fill('   ');
    await page.getByTestId('company-save').click();
    await page.getByText('请输入公司名称').waitFor();
    await page.getByTestId('company-input').fill('E2E Export Ltd.');
    await page.getByTestId('company-save').click();
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('E2E Export Ltd.');
    expect(await page.getByTestId('profile-company').textContent()).toBe('E2E Export Ltd.');

    // Password: the current one is asked first (the server refuses a wrong one), and says that
    // a reset by SMS signs out everywhere and unbinds WeChat; the confirmation must match.
    await page.getByTestId('change-password').click();
    expect(await page.getByTestId('reset-note').textContent()).toContain('解除微信绑定');
    await page.getByTestId('new-password-input').fill('NewPass2027');
    await page.getByTestId('confirm-password-input').fill('NewPass2027');
    await page.getByTestId('password-save').click();
    await page.getByText('请输入当前密码').waitFor();
    await page.getByTestId('current-password-input').fill('NotMine2027');
    await page.getByTestId('password-save').click();
    await nextToast(page, '当前密码错误');
    expect((await signInByMobile(account.phone, account.password)).user_id).toBe(account.userId);
    await page.getByTestId('current-password-input').fill(account.password);
    await page.getByTestId('confirm-password-input').fill('NewPass2028');
    await page.getByTestId('password-save').click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByTestId('confirm-password-input').fill('NewPass2027');
    await page.getByTestId('password-save').click();
    await nextToast(page, '密码已修改');
    expect(
      (
        await call('POST', '/api/v2/user/login/mobile', {
          body: { phone_number: account.phone, area: '86', password: account.password, long_time: 0, system: 1 },
        })
      ).status,
    ).toBe(400);
    await signInByMobile(account.phone, 'NewPass2027');

    // WeChat: bind through the QR flow, then unbind.
    expect(await page.getByTestId('profile-wechat').textContent()).toBe('未绑定');
    // The QR code comes only after the current password (now the new one) proves the owner.
    await page.getByTestId('wechat-bind').click();
    await page.getByTestId('wechat-bind-dialog').waitFor();
    await page.getByTestId('current-password-input').fill(account.password);
    await page.getByTestId('wechat-bind-next').click();
    await nextToast(page, '当前密码错误');
    expect(await page.getByTestId('wechat-qr').count()).toBe(0);
    await page.getByTestId('current-password-input').fill('NewPass2027');
    await page.getByTestId('wechat-bind-next').click();
    await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    await snap(page, 'personal-centre-05-wechat-bind-zh');
    await scanQrCode(page, `o_pc_${Date.now()}`, 'Bind Tester');
    await expect.poll(() => page.getByTestId('profile-wechat').textContent(), { timeout: 10_000 }).toBe('Bind Tester');
    await page.getByTestId('wechat-bind-dialog').waitFor({ state: 'hidden' });

    await page.getByTestId('wechat-unbind').click();
    await page.getByTestId('wechat-unbind-confirm').click();
    await expect.poll(() => page.getByTestId('profile-wechat').textContent()).toBe('未绑定');

    // Signed out and in again with the new password: the edits stayed.
    await page.getByTestId('logout-button').click();
    await onPath(page, '/login');
    await loginWithMobile(page, account.phone, 'NewPass2027');
    await onPath(page, '/home');
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe('E2E Export Ltd.');
  });

  it('frames the earn-money page with the user’s phone, company, email and id', async () => {
    const { authorization, user_id } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    await page.goto('/home?active=earnMoney');
    const frame = page.getByTestId('earn-money-frame');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src')) ?? '', baseURL());
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      phone: DEMO.phone,
      company: DEMO.company,
      email: 'demo@example.com',
      user_id: String(user_id),
      lang: 'zh',
    });
    await page.frameLocator('[data-testid="earn-money-frame"]').locator('#phone').getByText(DEMO.phone).waitFor();
  });

  it('opens the distribution bill and the supplier application from their menu keys', async () => {
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    await page.goto('/home?active=distributionBill');
    await personalCentreReady(page);
    await dataRows(page.getByTestId('bill-table')).first().waitFor();
    await page.goto('/home?active=distributor');
    await personalCentreReady(page);
    await page.getByTestId('supplier-form').waitFor();
  });
});
