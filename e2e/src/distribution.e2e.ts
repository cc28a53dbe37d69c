import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { DEMO, latestSmsCode, ok, signInByApi, uniquePhone } from './helpers/api.ts';
import { describeViolations, seriousViolations } from './helpers/axe.ts';
import { nextToast, useToken, type Language, dataRows, personalCentreReady } from './helpers/pages.ts';
import { opsContext, operatorToken } from './helpers/operator.ts';

/**
 * Distribution end to end: an account invited by the demo tenant (a distributor) pays for a plan;
 * the demo sees the commission, applies for a withdrawal; an operator approves it with a voucher
 * in the console; the seller reads the remark and sees the voucher. And a supplier application
 * rejected by an operator, then resubmitted. Screens in zh, kr and th, checked with axe.
 */

const LANGUAGES: readonly Language[] = ['zh', 'kr', 'th'];
let browser: Browser;
let demoToken: string;

beforeAll(async () => {
  browser = await launch();
  demoToken = (await signInByApi(DEMO.account, DEMO.password)).authorization;
});
afterAll(async () => browser?.close());

async function sellerPage(token: string, language: Language = 'zh'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  await useToken(context, token);
  return { context, page: await context.newPage() };
}

/** A new main account registered with an invite code, signed in by SMS code. */
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
      ...(inviteCode ? { invite_code: inviteCode } : {}),
    },
  });
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'login:', area: '86', phone_number: phone } });
  const loginCode = await latestSmsCode(phone, 'login:');
  const session = await ok<{ authorization: string }>('POST', '/api/v2/user/login/sms', {
    body: { phone_number: phone, area: '86', sms_code: loginCode, long_time: 0, system: 1 },
  });
  return { token: session.authorization, userId: user_id };
}

async function opsPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await opsContext(browser, 'zh');
  const page = await context.newPage();
  await page.goto('/ops/coupons');
  return { context, page };
}

/** A small valid PNG (a 4x4 green square), made here so no file is needed. */
function greenPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.from([0, 0, 200, 0, 0, 200, 0, 0, 200, 0, 0, 200, 0]);
  const pixels = Buffer.concat([row, row, row, row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('distribution', () => {
  it('pays the inviter a commission, which it withdraws; the operator approves with a voucher the seller then sees', async () => {
    const invitee = await register('DEMO2026');
    const { order_code } = await ok<{ order_code: string }>('POST', '/api/v2/order/generateOrder', {
      token: invitee.token,
      body: { package_id: '2,1,1', pay_type: 1 },
    });
    await ok('POST', '/api/dev/pay', { body: { order_code, action: 'pay' } });

    const { context, page } = await sellerPage(demoToken);
    try {
      await page.goto('/home?active=distributionBill');
      await personalCentreReady(page);
      await page.getByTestId('distribution-page').waitFor();
      await page.getByTestId('bill-search-type').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '订单号' }).click();
      await page.getByTestId('bill-search').fill(order_code);
      await page.getByTestId('bill-search-button').click();
      const commission = dataRows(page.getByTestId('bill-table')).filter({ hasText: order_code });
      await commission.waitFor();
      expect(await commission.textContent()).toContain('收入');
      expect(await commission.textContent()).toContain(String(invitee.userId));

      // Apply for 1.00 through the dialog (a too-large amount is refused in the form first).
      const before = Number((await page.getByTestId('distribution-balance').textContent())?.replace(/[^\d.]/g, ''));
      await page.getByTestId('apply-withdrawal').click();
      await page.getByTestId('apply-amount').fill(String(before + 1));
      await page.getByTestId('apply-submit').click();
      await page.getByText('请输入正确的金额，且不能超过账户余额').waitFor();
      await page.getByTestId('apply-amount').fill('0');
      await page.getByText('提现金额必须大于0').waitFor();
      await page.getByTestId('apply-amount').fill('1.00');
      await page.getByTestId('apply-submit').click();
      await nextToast(page, '操作成功');
      await expect
        .poll(async () =>
          Number((await page.getByTestId('distribution-balance').textContent())?.replace(/[^\d.]/g, '')),
        )
        .toBeCloseTo(before - 1, 2);

      const pending = await ok<{ data: { transaction_id: string; status: number }[] }>(
        'POST',
        '/api/v1/distributorFlow/list',
        { token: demoToken, body: { status: 0, page: 1, page_size: 10 } },
      );
      const transactionId = pending.data[0]!.transaction_id;

      // The operator approves it in the console with a voucher image and a remark.
      const ops = await opsPage();
      try {
        await ops.page.goto('/ops/withdrawals');
        await ops.page.getByTestId(`withdrawal-approve-${transactionId}`).click();
        await ops.page.locator('.ant-modal:visible input[type=file]').setInputFiles({
          name: 'voucher.png',
          mimeType: 'image/png',
          buffer: greenPng(),
        });
        await ops.page.getByTestId('withdrawal-remark').fill('已通过招商银行转账');
        await ops.page.getByTestId('withdrawal-decide-submit').click();
        await nextToast(ops.page, '操作成功');
        await ops.page.getByTestId(`withdrawal-approve-${transactionId}`).waitFor({ state: 'detached' });
      } finally {
        await ops.context.close();
      }

      // The seller reads the decision: the remark and the voucher image.
      await page.goto('/home?active=distributionBill&tab=withdrawals');
      await personalCentreReady(page);
      const row = dataRows(page.getByTestId('withdrawal-table')).filter({ hasText: transactionId });
      await row.waitFor();
      expect(await row.getByTestId('withdrawal-status').textContent()).toBe('审核通过');
      await row.getByTestId('view-audit').click();
      await expect.poll(() => page.getByTestId('audit-remark').textContent()).toBe('已通过招商银行转账');
      const voucher = page.getByTestId('audit-voucher');
      await voucher.waitFor();
      expect(await voucher.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
      await snap(page, 'distribution-audit-dialog-zh');
    } finally {
      await context.close();
    }
  });

  it('takes the commission back when the invitee’s order is refunded, as an outgoing row naming the order', async () => {
    // A distributor of its own: the refund moves balances other tests read of the demo.
    const distributor = await register();
    const token = await operatorToken();
    await ok('PUT', `/api/ops/distribution/distributors/${distributor.userId}`, {
      token,
      body: { is_distributor: true, commission_rate: '10' },
    });
    const { invite_code } = await ok<{ invite_code: string }>('GET', '/api/v2/user/invite/code', {
      token: distributor.token,
    });
    const invitee = await register(invite_code);
    // 1,000 picture translations for 99.00: 9.90 of commission
    const { order_code } = await ok<{ order_code: string }>('POST', '/api/v2/order/generateOrder', {
      token: invitee.token,
      body: { pay_type: 2, package_id: 3 },
    });
    await ok('POST', '/api/dev/pay', { body: { order_code, action: 'pay' } });
    await ok('POST', `/api/ops/orders/${order_code}/refund`, {
      token,
      body: { amount: '33.00', reason: 'E2E customer asked', refund_key: `e2e-${order_code}` },
    });

    const { context, page } = await sellerPage(distributor.token);
    try {
      await page.goto('/home?active=distributionBill');
      await personalCentreReady(page);
      await page.getByTestId('distribution-page').waitFor();
      const rows = dataRows(page.getByTestId('bill-table')).filter({ hasText: order_code });
      await expect.poll(() => rows.count()).toBe(2);
      // newest first: the 3.30 taken back (9.90 x 33 / 99), then the commission
      const [takenBack, earned] = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
      expect(takenBack).toContain('支出');
      expect(takenBack).toContain('3.30');
      expect(takenBack).toContain(String(invitee.userId));
      expect(earned).toContain('收入');
      expect(earned).toContain('9.90');
      expect(await page.getByTestId('distribution-balance').textContent()).toContain('6.60');
      await snap(page, 'distribution-commission-taken-back-zh');
    } finally {
      await context.close();
    }
  });

  it('exports the distribution bill as a CSV file with a byte-order mark', async () => {
    const { context, page } = await sellerPage(demoToken);
    try {
      await page.goto('/home?active=distributionBill');
      await personalCentreReady(page);
      await dataRows(page.getByTestId('bill-table')).first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bill-export').click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const file = Buffer.concat(chunks);
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = file.toString('utf8').trim().split('\r\n');
      expect(lines[0]).toContain('交易编号,下级用户ID,订单号,资金流向');
      expect(lines.length).toBeGreaterThan(100);
    } finally {
      await context.close();
    }
  });
});

describe('supplier application', () => {
  it('is rejected with a reason shown in red, then resubmitted', async () => {
    const seller = await register();
    const opsToken = await operatorToken();
    const { context, page } = await sellerPage(seller.token);
    try {
      await page.goto('/home?active=distributor');
      await personalCentreReady(page);
      await page.getByTestId('supplier-form').waitFor();
      await page.getByTestId('supplier-submit').click();
      await page.getByText('请输入用户名').first().waitFor();
      await page.getByTestId('supplier-username').fill('Zhang San');
      await page.getByTestId('supplier-bank_name').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '招商银行' })
        .click();
      await page.getByTestId('supplier-bank_number').fill('6225880012345678');
      await page.getByTestId('supplier-retailer_name').fill('Zhang Trading');
      await page.getByTestId('supplier-submit').click();
      await nextToast(page, '操作成功');
      await expect.poll(() => page.getByTestId('supplier-status').getAttribute('data-status')).toBe('1');
      expect(await page.getByTestId('supplier-submit').isDisabled()).toBe(true);
      expect(await page.getByTestId('supplier-username').isDisabled()).toBe(true);

      await ok('POST', `/api/ops/supplier-applications/${seller.userId}/reject`, {
        token: opsToken,
        body: { reason: '开户名与营业执照不一致' },
      });
      await page.reload();
      await personalCentreReady(page);
      const reason = page.getByTestId('supplier-reason');
      await reason.waitFor();
      expect(await reason.textContent()).toContain('开户名与营业执照不一致');
      expect(await reason.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
      expect(await page.getByTestId('supplier-submit').isDisabled()).toBe(false);
      await snap(page, 'supplier-rejected-zh');

      await page.getByTestId('supplier-username').fill('Zhang Sanfeng');
      await page.getByTestId('supplier-submit').click();
      await nextToast(page, '操作成功');
      await expect.poll(() => page.getByTestId('supplier-status').getAttribute('data-status')).toBe('1');
      const queue = await ok<{ data: { tenant_id: number; username: string }[] }>(
        'GET',
        '/api/ops/supplier-applications',
        {
          token: opsToken,
          query: { status: 1, page_size: 100 },
        },
      );
      expect(queue.data.find((a) => a.tenant_id === seller.userId)?.username).toBe('Zhang Sanfeng');
    } finally {
      await context.close();
    }
  });
});

describe('screens', () => {
  it.each(LANGUAGES)(
    'shows the distribution page, its dialogs and the supplier form in %s, with no serious axe finding',
    async (language) => {
      const { context, page } = await sellerPage(demoToken, language);
      try {
        await page.goto('/home?active=distributionBill');
        await personalCentreReady(page);
        await dataRows(page.getByTestId('bill-table')).first().waitFor();
        await page.getByTestId('earnings-chart').locator('svg').waitFor();
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `distribution-bill-${language}`);

        await page.getByTestId('apply-withdrawal').click();
        await page.getByTestId('apply-form').waitFor();
        await expect.poll(() => page.getByTestId('bank-user_name').inputValue()).not.toBe('');
        expect(describeViolations(await seriousViolations(page, '.ant-modal'))).toBe('');
        await snap(page, `distribution-apply-${language}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('apply-form').waitFor({ state: 'detached' });

        await page.getByTestId('edit-bank-info').click();
        await page.getByTestId('bank-info-form').waitFor();
        await snap(page, `distribution-bank-info-${language}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('bank-info-form').waitFor({ state: 'detached' });

        await page.goto('/home?active=distributionBill&tab=withdrawals');
        await personalCentreReady(page);
        await dataRows(page.getByTestId('withdrawal-table')).first().waitFor();
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `distribution-withdrawals-${language}`);
        await page.getByTestId('view-audit').first().click();
        await page.getByTestId('audit-remark').waitFor();
        await snap(page, `distribution-audit-${language}`);
        await page.keyboard.press('Escape');

        await page.goto('/home?active=distributor');
        await personalCentreReady(page);
        await page.getByTestId('supplier-status').waitFor();
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `supplier-${language}`);
      } finally {
        await context.close();
      }
    },
  );

  it('shows the console queues', async () => {
    const { context, page } = await opsPage();
    try {
      for (const [path, table] of [
        ['withdrawals', 'ops-withdrawal-table'],
        ['supplier-applications', 'ops-supplier-table'],
        ['distributors', 'ops-distributor-table'],
      ] as const) {
        await page.goto(`/ops/${path}`);
        await page.getByTestId(table).waitFor();
        await page.waitForLoadState('networkidle');
        expect(describeViolations(await seriousViolations(page))).toBe('');
        await snap(page, `ops-${path}`);
      }
    } finally {
      await context.close();
    }
  });
});
