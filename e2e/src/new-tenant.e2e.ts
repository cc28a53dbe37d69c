import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { latestSmsCode, ok, uniquePhone } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { type Language, nextToast, pickOption, useToken, personalCentreReady } from './helpers/pages.ts';
import { opsContext, operatorToken } from './helpers/operator.ts';

/**
 * A tenant registered today, in Chromium (the API journey in server/src/journeys walks the same
 * steps from an empty database and checks every answer): its cloud bill says how an account
 * arrives; an operator creates a provider and opens the tenant's account in the console; the
 * tenant's cloud bill then shows it at zero; a plan bought with the operator's coupon shows on
 * the personal centre; an invitee counts on the share card. Pages are checked in zh, kr and th.
 */

const LANGUAGES: Language[] = ['zh', 'kr', 'th'];
/** The value-added service bought below, as the personal centre names it. */
const PICTURE_TRANSLATION: Record<Language, string> = { zh: '图片翻译', kr: '이미지 번역', th: 'แปลรูปภาพ' };
let browser: Browser;
let seller: { token: string; userId: number };
let opsToken: string;
const providerName = `New Tenant WH ${Date.now() % 1_000_000}`;

async function register(inviteCode?: string): Promise<{ token: string; userId: number }> {
  const phone = uniquePhone();
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'register:', area: '86', phone_number: phone } });
  const code = await latestSmsCode(phone, 'register:');
  const { user_id } = await ok<{ user_id: number }>('POST', '/api/v2/register', {
    body: {
      phone_number: phone,
      area: '86',
      sms_code: code,
      checked: true,
      ...(inviteCode ? { invite_code: inviteCode, invite_code_type: '1' } : {}),
    },
  });
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'login:', area: '86', phone_number: phone } });
  const loginCode = await latestSmsCode(phone, 'login:');
  const session = await ok<{ authorization: string }>('POST', '/api/v2/user/login/sms', {
    body: { phone_number: phone, area: '86', sms_code: loginCode, long_time: 0, system: 1 },
  });
  return { token: session.authorization, userId: user_id };
}

beforeAll(async () => {
  browser = await launch();
  seller = await register();
  opsToken = await operatorToken();
});
afterAll(async () => browser?.close());

async function sellerPage(language: Language, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  await useToken(context, seller.token);
  const page = await context.newPage();
  await page.goto(path);
  if (path.startsWith('/home')) await personalCentreReady(page);
  return page;
}

async function opsPage(language: Language): Promise<Page> {
  const context = await opsContext(browser, language);
  const page = await context.newPage();
  await page.goto('/ops/warehouse');
  await page.getByTestId('ops-warehouse').waitFor();
  return page;
}

const CLOUD_BILL = '/home?active=myBill&bill=CLOUDBILL';
const NO_ACCOUNT: Record<Language, string> = {
  zh: '还没有开通云仓账户',
  kr: '아직 클라우드 창고 계정이 없습니다',
  th: 'ยังไม่มีบัญชีคลังสินค้าคลาวด์',
};
const LINK_TAB: Record<Language, string> = { zh: '开通账户', kr: '계정 개설', th: 'เปิดบัญชี' };

describe('a tenant registered today', () => {
  it('sees on its cloud bill how an account arrives, in zh, kr and th, with no serious axe finding', async () => {
    for (const language of LANGUAGES) {
      const page = await sellerPage(language, CLOUD_BILL);
      const empty = page.getByTestId('warehouse-no-account');
      await empty.waitFor();
      expect(await empty.textContent()).toContain(NO_ACCOUNT[language]);
      // No action button that could only say "choose a provider first".
      expect(await page.getByTestId('warehouse-action-onlineTopUp').count()).toBe(0);
      await snap(page, `new-tenant-01-no-warehouse-account-${language}`);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.context().close();
    }
  });

  it('gets an account from the console: an operator creates a provider and opens it', async () => {
    const page = await opsPage('zh');
    await page.getByRole('tab', { name: '服务商设置' }).click();
    await page.getByTestId('ops-provider-name').fill(providerName);
    await page.getByTestId('ops-provider-submit').click();
    await nextToast(page, `已创建服务商 ${providerName}`);

    await page.getByRole('tab', { name: LINK_TAB.zh }).click();
    await page.getByTestId('ops-tenant-value').fill(String(seller.userId));
    await pickOption(page, 'ops-link-provider', providerName);
    await page.getByTestId('ops-link-submit').click();
    const result = page.getByTestId('ops-link-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(
      new RegExp(`已为 .*\\(${seller.userId}\\) 开通 ${providerName} 的云仓账户`),
    );
    await snap(page, 'new-tenant-02-console-link-zh');
    await page.context().close();
  });

  it("reads the console's account tab in the operator's language, with no serious axe finding", async () => {
    for (const language of ['kr', 'th'] as const) {
      const other = await opsPage(language);
      await other.getByRole('tab', { name: LINK_TAB[language] }).click();
      await other.getByTestId('ops-link-form').waitFor();
      await snap(other, `new-tenant-02-console-link-${language}`);
      const violations = await seriousViolations(other);
      expect(violations, describeViolations(violations)).toEqual([]);
      await other.context().close();
    }
  });

  it('shows the new account on the cloud bill at once, at zero, in zh, kr and th', async () => {
    for (const language of LANGUAGES) {
      const bill = await sellerPage(language, CLOUD_BILL);
      await bill.getByTestId('warehouse-balance-value').waitFor();
      expect(await bill.getByTestId('warehouse-provider').textContent()).toContain(providerName);
      await expect.poll(() => bill.getByTestId('warehouse-balance-value').textContent()).toMatch(/^0\.00/);
      await snap(bill, `new-tenant-03-warehouse-account-${language}`);
      await bill.context().close();
    }
  });

  it('buys a plan with the coupon it was given, and the personal centre shows it; an invitee counts', async () => {
    const coupon = await ok<{ id: number }>('POST', '/api/ops/coupons', {
      token: opsToken,
      body: {
        tenant_id: seller.userId,
        title: 'Welcome 20',
        use_type: 1,
        discount_type: 1,
        discount_value: '20',
        expiration_time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    const order = await ok<{ order_code: string; amount: string }>('POST', '/api/v2/order/generateOrder', {
      token: seller.token,
      body: { pay_type: 1, package_id: '2,5,1', coupon_id: coupon.id, params: { platform: 'Shopee' } },
    });
    expect(order.amount).toBe('80.00');
    await ok('POST', '/api/dev/pay', { body: { order_code: order.order_code, action: 'pay' } });
    // 1,000 picture translations: the personal centre's value-added table reads the same balance.
    const addedOrder = await ok<{ order_code: string }>('POST', '/api/v2/order/generateOrder', {
      token: seller.token,
      body: { pay_type: 2, package_id: 3 },
    });
    await ok('POST', '/api/dev/pay', { body: { order_code: addedOrder.order_code, action: 'pay' } });
    const { invite_code } = await ok<{ invite_code: string }>('GET', '/api/v2/user/invite/code', {
      token: seller.token,
    });
    await register(invite_code);

    for (const language of LANGUAGES) {
      const page = await sellerPage(language, '/home');
      await personalCentreReady(page);
      const rows = page.getByTestId('package-table').locator('tbody tr[data-row-key]');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('Shopee');
      await expect.poll(() => page.getByTestId('share-invite-number').textContent()).toContain('1');
      const added = page.getByTestId('added-table').locator('tbody tr[data-row-key]');
      await added.first().waitFor();
      expect(await added.first().textContent()).toContain(PICTURE_TRANSLATION[language]);
      expect(await added.first().textContent()).toContain('1,000');
      await page.waitForTimeout(300);
      await snap(page, `new-tenant-04-personal-centre-${language}`);
      await page.context().close();
    }
  });
});
