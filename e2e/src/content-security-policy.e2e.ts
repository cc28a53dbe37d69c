import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './browser.ts';
import { DEMO, signInByApi } from './helpers/api.ts';
import { loginWithAccount, onPath, useToken, personalCentreReady } from './helpers/pages.ts';

/**
 * The app runs under the server's Content-Security-Policy (scripts from our origin only, no
 * inline script, inline styles for Ant Design) with nothing refused: a violation would mean a
 * screen that silently lost its styles or behaviour.
 */

type Violation = { directive: string; blocked: string; source: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A page that records every CSP violation, from the page's own event and from the console. */
async function watchedPage(context?: BrowserContext): Promise<{ page: Page; violations: () => Promise<Violation[]> }> {
  const page = context ? await context.newPage() : await newPage(browser);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.context().addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, source: event.sourceFile });
    });
  });
  const violations = async () => {
    const fromPages = await Promise.all(
      page
        .context()
        .pages()
        .map((p) => p.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [])),
    );
    return [...fromPages.flat(), ...logged.map((text) => ({ directive: 'console', blocked: text, source: '' }))];
  };
  return { page, violations };
}

describe('the Content-Security-Policy', () => {
  it('is sent with the app, forbids inline scripts and framing', async () => {
    const { page } = await watchedPage();
    const response = await page.goto('/login');
    const csp = (await response!.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    await page.context().close();
  });

  it('lets the login page render and sign in with nothing refused', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/login');
    await page.getByTestId('login-page').waitFor();
    // Ant Design's run-time styles took effect: the primary button is coloured, not a bare button.
    const background = await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);
    await loginWithAccount(page, DEMO.account, DEMO.password);
    await onPath(page, '/home');
    await page.getByTestId('personal-centre').waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets every screen of the personal centre render, the partner frame included, with nothing refused', async () => {
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    const { page, violations } = await watchedPage();
    await useToken(page.context(), authorization);
    for (const active of [
      'personalCenter',
      'myCoupon',
      'roleManagement',
      'authorityManagement',
      'auditLog',
      'myBill',
    ]) {
      await page.goto(`/home?active=${active}`);
      await personalCentreReady(page);
      await page.getByTestId('personal-centre').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/home?active=earnMoney');
    await page.frameLocator('[data-testid="earn-money-frame"]').locator('#phone').getByText(DEMO.phone).waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it("lets the WeChat simulator's scan page run its inline script by nonce", async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/login');
    await page.getByTestId('login-tab-qr').click();
    await page.locator('[data-testid="wechat-qr"][data-status="active"]').waitFor();
    const href = await page.getByTestId('wechat-simulator-link').getAttribute('href');
    await page.goto(href!);
    await page.locator('input[name="open_id"]').fill('o_csp_check');
    await page.locator('button[type="submit"]').click();
    // Its script ran: the scan went through and the page said so.
    await page.locator('#result.ok').waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('lets the OpenAPI UI render its document with nothing refused', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').getByText('Seller Centre API').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
