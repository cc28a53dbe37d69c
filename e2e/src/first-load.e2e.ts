import type { Browser, BrowserContext, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage } from './browser.ts';
import { DEMO, signInByApi } from './helpers/api.ts';
import { chooseLanguage, dataRows, useToken, personalCentreReady } from './helpers/pages.ts';

/**
 * What the browser receives on a first visit to the login page: the app's files compressed
 * (Chromium asks for brotli), hashed ones cacheable for good, the page itself always revalidated,
 * no source maps published, and the translations compressed too.
 */

type Seen = { url: URL; type: string; headers: Record<string, string>; status: number };

let browser: Browser;
const seen: Seen[] = [];

beforeAll(async () => {
  browser = await launch();
  const page = await newPage(browser);
  const record = async (response: Response) => {
    seen.push({
      url: new URL(response.url()),
      type: response.request().resourceType(),
      headers: await response.allHeaders(),
      status: response.status(),
    });
  };
  page.on('response', (response) => void record(response));
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByTestId('login-page').waitFor();
});
afterAll(async () => browser?.close());

const ours = () => seen.filter((s) => s.url.origin === baseURL());

describe('the first load of /login', () => {
  it('receives every script and stylesheet brotli-compressed and cacheable for good', () => {
    const assets = ours().filter((s) => s.type === 'script' || s.type === 'stylesheet');
    expect(assets.filter((s) => s.type === 'script').length).toBeGreaterThan(3);
    expect(assets.some((s) => s.type === 'stylesheet')).toBe(true);
    for (const asset of assets) {
      expect(asset.url.pathname, asset.url.pathname).toMatch(/^\/assets\//);
      expect(asset.headers['content-encoding'], asset.url.pathname).toBe('br');
      expect(asset.headers.vary, asset.url.pathname).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control'], asset.url.pathname).toBe('public, max-age=31536000, immutable');
    }
  });

  it('receives the page itself compressed and marked for revalidation', () => {
    const document = ours().find((s) => s.type === 'document');
    expect(document?.status).toBe(200);
    expect(document?.headers['content-encoding']).toBe('br');
    expect(document?.headers['cache-control']).toBe('no-cache');
  });

  it('receives the translations compressed', () => {
    const translations = ours().find((s) => s.url.pathname.startsWith('/locales/'));
    expect(translations?.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });

  it('finds no source map to download', async () => {
    const script = ours().find((s) => s.type === 'script')!;
    const res = await fetch(`${baseURL()}${script.url.pathname}.map`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"mappings"');
  });
});

describe("a signed-in user's first load of /home", () => {
  // A browser fetches at most six files at a time from one host over HTTP/1.1: the personal
  // centre's parts come in a few files (it was 65 scripts once). The page's document names them
  // all, with the translations, so they come with the entry instead of once it has run.
  const requests: { path: string; type: string }[] = [];
  let homeBrowser: Browser;
  let context: BrowserContext;

  /**
   * The files a document asks the browser to fetch: scripts, styles, preloads, and those a page
   * the server rendered asks for once it is painted (its start script's `data-entry` and
   * `data-preload`).
   */
  const named = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'));
    return new Set([
      ...[...head.matchAll(/\s(?:href|src|data-entry)="([^"]+)"/g)].map((m) => m[1]!),
      ...[...head.matchAll(/\sdata-preload="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')),
    ]);
  };

  beforeAll(async () => {
    homeBrowser = await launch();
    context = await homeBrowser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
    const { authorization } = await signInByApi(DEMO.account, DEMO.password);
    await useToken(context, authorization);
    const page = await context.newPage();
    page.on('request', (request) =>
      requests.push({ path: new URL(request.url()).pathname, type: request.resourceType() }),
    );
    await page.goto('/home');
    await page.getByTestId('share-invite-number').waitFor();
  });
  afterAll(async () => homeBrowser?.close());

  it('shows the personal centre from fewer than 30 scripts', () => {
    const scripts = requests.filter((r) => r.type === 'script');
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.length).toBeLessThan(30);
  });

  it('finds every script and style of its first view, and the translations, named in the page itself', async () => {
    const html = await (await context.request.get('/home')).text();
    const inDocument = named(html);
    const loaded = requests.filter((r) => r.type === 'script' || r.type === 'stylesheet').map((r) => r.path);
    expect(loaded.length).toBeGreaterThan(10);
    expect(loaded.filter((path) => !inDocument.has(path))).toEqual([]);
    expect(inDocument.has('/locales/zh.json')).toBe(true);
  });

  it('asks for the translations, which every page waits for, before any script the entry loads', () => {
    const translations = requests.findIndex((r) => r.path === '/locales/zh.json');
    const lazyScript = requests.findIndex((r) => /\/assets\/antd-theme-[^/]+\.js$/.test(r.path));
    expect(translations).toBeGreaterThan(0);
    expect(lazyScript).toBeGreaterThan(0);
    expect(translations).toBeLessThan(lazyScript);
  });

  it('names the Korean files in the page once the reader has chosen Korean, and fetches no others', async () => {
    const page = await context.newPage();
    await page.goto('/home');
    await personalCentreReady(page);
    await chooseLanguage(page, 'kr');
    const html = await (await context.request.get('/home')).text();
    expect(html).toContain('<html lang="ko">');
    expect(named(html).has('/locales/kr.json')).toBe(true);
    expect(named(html).has('/locales/zh.json')).toBe(false);

    const translations: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/locales/')) translations.push(pathname);
    });
    await page.reload();
    await page.getByTestId('share-invite-number').waitFor();
    expect(translations).toEqual(['/locales/kr.json']);
    await page.close();
  });
});

describe("a signed-in seller's personal centre, drawn by the server", () => {
  let ssrBrowser: Browser;
  let token: string;
  let company: string;

  beforeAll(async () => {
    ssrBrowser = await launch();
    ({ authorization: token } = await signInByApi(DEMO.account, DEMO.password));
    const res = await fetch(`${baseURL()}/api/v1/user/base/info`, { headers: { authorization: token } });
    company = ((await res.json()) as { data: { user_company_name: string } }).data.user_company_name;
  });
  afterAll(async () => ssrBrowser?.close());

  it('is there to read before any script has run', async () => {
    const context = await ssrBrowser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await useToken(context, token);
    const page = await context.newPage();
    await page.goto('/home');
    expect(await page.getByTestId('company-name').textContent()).toBe(company);
    expect(await page.getByTestId('share-invite-number').isVisible()).toBe(true);
    expect(await page.getByTestId('module-title').textContent()).toBe('个人中心');
    await context.close();
  });

  it('is taken over by the app as it was drawn, without an error, and then answers', async () => {
    const context = await ssrBrowser.newContext({ baseURL: baseURL() });
    await useToken(context, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The element the document brought, before any script has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, { drawnByServer: document.querySelector('[data-testid="personal-centre"]') }),
      );
    });
    await page.goto('/home');
    await personalCentreReady(page);
    await page.getByTestId('share-view').click();
    await page.locator('.ant-modal').waitFor();
    const sameElement = await page.evaluate(
      () =>
        (window as unknown as { drawnByServer: Element | null }).drawnByServer ===
        document.querySelector('[data-testid="personal-centre"]'),
    );
    expect(sameElement).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws every other module it lists before any script, and the app takes each over without an error, far from the server’s zone', async () => {
    const titles: Record<string, string> = {
      serviceUpgrade: '服务升级',
      myCoupon: '我的优惠券',
      roleManagement: '角色管理',
      authorityManagement: '权限管理',
      auditLog: '操作日志',
      distributionBill: '分销账单',
      distributor: '申请成为分销商',
    };
    const noScript = await ssrBrowser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await useToken(noScript, token);
    // Dates are the reader's: a zone 16 hours from the server's would show any the server drew.
    const context = await ssrBrowser.newContext({ baseURL: baseURL(), timezoneId: 'America/Los_Angeles' });
    await useToken(context, token);
    const errors: string[] = [];
    for (const [module, title] of Object.entries(titles)) {
      const drawn = await noScript.newPage();
      await drawn.goto(`/home?active=${module}`);
      expect(await drawn.getByTestId('module-title').textContent()).toBe(title);
      await drawn.close();

      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${module}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${module}: ${error.message}`));
      await page.goto(`/home?active=${module}`);
      await personalCentreReady(page);
      await page.close();
    }
    expect(errors).toEqual([]);
    await noScript.close();
    await context.close();
  });

  it("draws the cloud bill's account, and leaves its list and charts, which go by the reader's clock, to the app", async () => {
    const noScript = await ssrBrowser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await useToken(noScript, token);
    const drawn = await noScript.newPage();
    await drawn.goto('/home?active=myBill&bill=CLOUDBILL');
    expect(await drawn.getByTestId('warehouse-account').textContent()).toMatch(/\S · \S/);
    expect(await drawn.getByTestId('warehouse-balance-value').textContent()).toMatch(/^-?\d+\.\d{2} CNY$/);
    // The date range is the reader's last 7 days: not filled in by a server that knows neither.
    expect(await drawn.getByTestId('flow-filters').locator('.ant-picker input').first().inputValue()).toBe('');
    await noScript.close();

    const context = await ssrBrowser.newContext({ baseURL: baseURL() });
    await useToken(context, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/home?active=myBill&bill=CLOUDBILL');
    // Taken over, the list gets its range in the browser's time zone, its rows and its charts.
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    await expect
      .poll(() => page.getByTestId('flow-filters').locator('.ant-picker input').nth(1).inputValue())
      .toBe(today);
    await dataRows(page.getByTestId('flow-table')).first().waitFor();
    await page.getByTestId('warehouse-chart-balance').locator('svg').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
