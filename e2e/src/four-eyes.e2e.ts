import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { call, latestSmsCode, ok, uniquePhone } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { dataRows, nextToast, toasts, type Language } from './helpers/pages.ts';
import { opsContext, operatorToken } from './helpers/operator.ts';

/**
 * Four eyes in the console: an operator's 2,000-yuan manual receipt for a tenant registered
 * today moves nothing until a second operator approves it in the proposals queue; then the tenant's
 * third-party balance holds exactly 2,000. The proposer sees its own proposal wait for someone
 * else; a support operator can neither see an approve button nor approve. The queue in zh, kr
 * and th with axe.
 */
let browser: Browser;
let seller: { token: string; phone: string };

async function register(): Promise<{ token: string; phone: string }> {
  const phone = uniquePhone();
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'register:', area: '86', phone_number: phone } });
  const code = await latestSmsCode(phone, 'register:');
  await ok('POST', '/api/v2/register', { body: { phone_number: phone, area: '86', sms_code: code, checked: true } });
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'login:', area: '86', phone_number: phone } });
  const loginCode = await latestSmsCode(phone, 'login:');
  const session = await ok<{ authorization: string }>('POST', '/api/v2/user/login/sms', {
    body: { phone_number: phone, area: '86', sms_code: loginCode, long_time: 0, system: 1 },
  });
  return { token: session.authorization, phone };
}

const thirdPartyBalance = async () =>
  (await ok<{ balance: string }>('POST', '/api/v1/finance/list', { token: seller.token, body: { page: 1, page_size: 20 } }))
    .balance;

beforeAll(async () => {
  browser = await launch();
  seller = await register();
});
afterAll(async () => browser?.close());

describe('four eyes on manual money', () => {
  it('keeps a 2,000-yuan receipt until a second operator approves it; then the tenant holds exactly that', async () => {
    const maker = await opsContext(browser, 'zh');
    const page = await maker.newPage();
    let proposalId: string;
    try {
      await page.goto('/ops/third-party');
      const form = page.getByTestId('ops-third-party-form');
      await form.waitFor();
      await form.getByTestId('ops-tenant-by').getByText('按主账号手机号').click();
      await form.getByTestId('ops-tenant-value').fill(seller.phone);
      await page.getByTestId('ops-third-party-amount').fill('2000');
      await page.getByTestId('ops-third-party-remark').fill('对公转账到账');
      await page.getByTestId('ops-third-party-submit').click();
      const sent = toasts(page).filter({ hasText: '已提交第二位运营人员审批' }).first();
      await sent.waitFor();
      proposalId = /编号 (\d+)/.exec((await sent.textContent()) ?? '')![1]!;
      expect(Number(await thirdPartyBalance())).toBe(0);

      // The proposer finds it in the queue, waiting for someone else.
      await page.goto('/ops/proposals');
      const row = dataRows(page.getByTestId('ops-proposal-table')).filter({ hasText: `¥2000.00` }).first();
      await expect.poll(() => row.textContent()).toContain('等待他人审批');
      expect(await page.getByTestId(`ops-proposal-approve-${proposalId}`).count()).toBe(0);
    } finally {
      await maker.close();
    }

    // A support operator reads the queue but may not decide: no buttons, and the server says 403.
    const support = await opsContext(browser, 'zh', undefined, 'support');
    const looking = await support.newPage();
    try {
      await looking.goto('/ops/proposals');
      const row = dataRows(looking.getByTestId('ops-proposal-table')).filter({ hasText: `¥2000.00` }).first();
      await row.waitFor();
      expect(await looking.getByTestId(`ops-proposal-approve-${proposalId}`).count()).toBe(0);
      const refused = await call('POST', `/api/ops/proposals/${proposalId}/approve`, {
        token: await operatorToken('support'),
      });
      expect(refused.status).toBe(403);
      expect(Number(await thirdPartyBalance())).toBe(0);
    } finally {
      await support.close();
    }

    const checker = await opsContext(browser, 'zh', undefined, 'checker');
    const second = await checker.newPage();
    try {
      await second.goto('/ops/proposals');
      await second.getByTestId(`ops-proposal-approve-${proposalId}`).click();
      await second.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
      await nextToast(second, '已批准，资金操作已执行');
      await expect.poll(thirdPartyBalance).toBe('2000.00');
    } finally {
      await checker.close();
    }
  });

  it.each(['zh', 'kr', 'th'] as Language[])('shows the proposals queue in %s with no serious axe finding', async (language) => {
    const context = await opsContext(browser, language, undefined, 'checker');
    const page = await context.newPage();
    try {
      // The approved ones: the journey above left at least one.
      await page.goto('/ops/proposals?status=approved');
      await dataRows(page.getByTestId('ops-proposal-table')).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(describeViolations(await seriousViolations(page))).toBe('');
      await snap(page, `ops-proposals-${language}`);
    } finally {
      await context.close();
    }
  });
});
