import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { createMainAccount } from '../test/factories.ts';

// A web build with the personal centre's rendered documents (web/landing-documents.ts) and a
// render module in the place of web/dist-server's: it renders the company name it reads through
// the transport the server gives it, as the real one renders the page from its API calls.
const INDEX_HTML = `<!doctype html><html><head></head><body><div id="root"></div></body></html>`;
const landing = (marker: string) =>
  `<!doctype html><html><head><meta name="page" content="${marker}"></head><body><div id="root">spinner</div></body></html>`;
const rendered = (page: string, language: string) =>
  `<!doctype html><html><head><meta name="page" content="rendered-${page}-${language}"><!--first-view-styles--></head><body><div id="root"><!--first-view--></div><!--server-state--></body></html>`;
const RENDER_MODULE = `
let transport;
export function setTransport(next) { transport = next; }
export async function renderPersonalCentre({ url, language, translations }) {
  const res = await transport('/api/v1/user/base/info', { method: 'GET', headers: { Accept: 'application/json' } });
  const body = await res.json();
  if (body.code !== 200) return undefined;
  if (body.data.user_company_name === 'Breaks') throw new Error('a render that fails');
  const company = body.data.user_company_name.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  // What the API words in the language it is asked in: an unknown route's message.
  const said = url.includes('probe')
    ? { said: (await (await transport('/api/v1/no-such-route', { method: 'GET', headers: {} })).json()).msg }
    : {};
  return {
    html: '<main data-url="' + url + '" data-translated="' + (typeof translations.common === 'object') + '">' + company + '</main>',
    styles: '<style>.theme{--brand:teal}</style>',
    state: { language, company: body.data.user_company_name, ...said },
  };
}
`;

let base: string;
let app: TestApp;
beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'seller-centre-first-view-'));
  const dist = path.join(base, 'dist');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(path.join(dist, 'index.html'), INDEX_HTML);
  for (const language of ['zh', 'kr', 'th']) {
    write(path.join(dist, `landing/home.${language}.html`), landing(`home-${language}`));
    write(path.join(dist, `landing/personalCenter-rendered.${language}.html`), rendered('personalCenter', language));
  }
  write(path.join(dist, 'landing/myBill-rendered.zh.html'), rendered('myBill', 'zh'));
  write(path.join(dist, 'landing/centre.zh.html'), landing('centre-zh'));
  write(path.join(base, 'dist-server/server-render.js'), RENDER_MODULE);
  app = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await app?.close();
  rmSync(base, { recursive: true, force: true });
});

const home = (cookie?: string, url = '/home') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The state the document carries for the app, read as the browser reads it. */
function stateOf(html: string): unknown {
  const match = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe("a signed-in seller's personal centre", () => {
  it('comes rendered in the document, from the API as the seller may see it, with the state the app takes over', async () => {
    const { token } = await createMainAccount(app, { companyName: 'Blue Harbour Trading' });
    const res = await home(`token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<meta name="page" content="rendered-personalCenter-zh">');
    expect(res.body).toContain('<main data-url="/home" data-translated="true">Blue Harbour Trading</main>');
    expect(res.body).toContain('<style>.theme{--brand:teal}</style></head>');
    expect(stateOf(res.body)).toEqual({ language: 'zh', company: 'Blue Harbour Trading' });
  });

  it('is kept by no shared cache and asked for again on every visit', async () => {
    const { token } = await createMainAccount(app);
    const res = await home(`language=th; token=${token}`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("is rendered in the language the reader's cookie names", async () => {
    const { token } = await createMainAccount(app);
    const res = await home(`token=${token}; language=kr`);
    expect(res.body).toContain('content="rendered-personalCenter-kr"');
    expect(stateOf(res.body)).toMatchObject({ language: 'kr' });
  });

  it("asks the API in the page's language, as the browser would, since the app keeps what it answered", async () => {
    const { token } = await createMainAccount(app);
    const unknown = (language: string) =>
      app.inject({ url: '/api/v1/no-such-route', headers: { 'accept-language': language } });
    const [kr, zh] = [(await unknown('kr')).json().msg, (await unknown('zh')).json().msg];
    expect(kr).not.toBe(zh);
    const res = await home(`token=${token}; language=kr`, '/home?probe=1');
    expect(stateOf(res.body)).toMatchObject({ language: 'kr', said: kr });
  });

  it("carries the seller's own words in its state without letting them end the script element", async () => {
    const hostile = '</script><script>alert(1)</script>';
    const { token } = await createMainAccount(app, { companyName: hostile });
    const res = await home(`token=${token}`);
    expect(res.body).not.toContain(hostile);
    expect(stateOf(res.body)).toEqual({ language: 'zh', company: hostile });
  });
});

describe('the personal centre the server does not render', () => {
  it('is the plain document without a session, with an ended one, or with a malformed token', async () => {
    for (const cookie of [undefined, 'token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'token=<bad>']) {
      const res = await home(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toContain('content="home-zh"');
      expect(res.body, cookie).not.toContain('server-state');
    }
  });

  it("comes rendered on a module the server renders, in that module's document", async () => {
    const { token } = await createMainAccount(app, { companyName: 'Blue Harbour Trading' });
    const bill = await home(`token=${token}`, '/home?active=myBill&bill=CLOUDBILL');
    expect(bill.body).toContain('content="rendered-myBill-zh"');
    expect(bill.body).toContain('<main data-url="/home?active=myBill&bill=CLOUDBILL"');
    // Its own page named by its key is the personal centre's document, as `/home` is.
    const own = await home(`token=${token}`, '/home?active=personalCenter');
    expect(own.body).toContain('content="rendered-personalCenter-zh"');
  });

  it('is the plain document for a module the server does not render', async () => {
    const { token } = await createMainAccount(app);
    const res = await home(`token=${token}`, '/home?active=earnMoney');
    expect(res.body).toContain('content="centre-zh"');
    expect(res.body).not.toContain('server-state');
  });

  it('is the plain document when the render fails, and the failure is no error to the reader', async () => {
    const { token } = await createMainAccount(app, { companyName: 'Breaks' });
    const res = await home(`token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('content="home-zh"');
  });
});
