import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, createAccount, latestSmsCode, ok, uniquePhone } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { chooseLanguage, useToken, type Language, personalCentreReady } from './helpers/pages.ts';

/**
 * The personal centre's re-authentication: the password dialog and the WeChat bind dialog ask
 * for the current password (or a code to the account's phone) and say what a reset by SMS does,
 * in every language, with nothing serious for axe.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';
const NOTES: Record<Language, string> = {
  zh: '解除微信绑定',
  kr: 'WeChat 연동이 해제됩니다',
  th: 'ยกเลิกการผูก WeChat',
};

async function signedInPage(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await useToken(context, token);
  const page = await context.newPage();
  await page.goto('/home');
  await personalCentreReady(page);
  return { context, page };
}

async function checkDialog(page: Page, name: string): Promise<void> {
  await page.locator(OPEN_DIALOG).last().waitFor();
  await page.waitForTimeout(400); // the dialog's opening animation
  await snap(page, name);
  expect(describeViolations(await seriousViolations(page, OPEN_DIALOG))).toBe('');
}

describe('re-authentication in the personal centre', () => {
  for (const language of ['zh', 'kr', 'th'] as const) {
    it(`asks for the current password before a change or a bind, in ${language}`, async () => {
      const account = await createAccount();
      const { context, page } = await signedInPage(account.token);
      try {
        if (language !== 'zh') await chooseLanguage(page, language);
        await page.getByTestId('change-password').click();
        await page.getByTestId('current-password-input').waitFor();
        expect(await page.getByTestId('reset-note').textContent()).toContain(NOTES[language]);
        await checkDialog(page, `reauth-01-password-${language}`);
        await page.keyboard.press('Escape');
        await page.locator(OPEN_DIALOG).waitFor({ state: 'hidden' });

        await page.getByTestId('wechat-bind').click();
        await page.getByTestId('current-password-input').waitFor();
        expect(await page.getByTestId('reset-note').textContent()).toContain(NOTES[language]);
        // No code is shown before the password was checked.
        expect(await page.getByTestId('wechat-qr').count()).toBe(0);
        await checkDialog(page, `reauth-02-wechat-bind-${language}`);
      } finally {
        await context.close();
      }
    });
  }

  it('lets an account without a password prove itself with a code sent to its phone', async () => {
    const phone = uniquePhone();
    await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'register:', area: '86', phone_number: phone } });
    await ok('POST', '/api/v2/register', {
      body: { phone_number: phone, area: '86', sms_code: await latestSmsCode(phone, 'register:'), checked: true },
    });
    await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'login:', area: '86', phone_number: phone } });
    const session = await ok<{ authorization: string }>('POST', '/api/v2/user/login/sms', {
      body: {
        phone_number: phone,
        area: '86',
        sms_code: await latestSmsCode(phone, 'login:'),
        long_time: 0,
        system: 1,
      },
    });
    // The API itself refuses the first password without the code.
    const refused = await call('PUT', '/api/v2/user/info/pwd', {
      token: session.authorization,
      body: { password: 'Thief2026x' },
    });
    expect(refused.body.code).toBe(400);

    const { context, page } = await signedInPage(session.authorization);
    try {
      await page.getByTestId('wechat-bind').click();
      await page.getByTestId('reauth-sms-code-input').waitFor();
      await checkDialog(page, 'reauth-03-wechat-bind-sms-zh');
      const sentAt = new Date(Date.now() - 1000);
      await page.getByTestId('reauth-sms-send').click();
      await page.getByTestId('reauth-sms-code-input').fill(await latestSmsCode(phone, 'reauth:', sentAt));
      await page.getByTestId('wechat-bind-next').click();
      await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
      await page.waitForTimeout(400);
      await snap(page, 'reauth-04-wechat-bind-qr-zh');
    } finally {
      await context.close();
    }
  });
});
