import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';

// A built app as the web build writes it: each text file beside its .br and .gz copies.
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const ENTRY_JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};`;
// The personal centre's landing documents (web/landing-documents.ts): opening on its own page in
// each language, and on another module in Chinese. This build has none for login.
const landingDocument = (files: string) => INDEX_HTML.replace('</head>', `${files}</head>`);
const HOME_HTML = {
  zh: landingDocument('<link rel="preload" as="fetch" href="/locales/zh.json">'),
  kr: landingDocument('<link rel="preload" as="fetch" href="/locales/kr.json">'),
  th: landingDocument('<link rel="preload" as="fetch" href="/locales/th.json">'),
};
const CENTRE_ZH_HTML = landingDocument('<link rel="modulepreload" href="/assets/shell.js">');
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`;

function writeWithCopies(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

// JSON answers of either side of the 1 KB line, and an error with a long message.
const probe: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/test/big', async () =>
    ok({ rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` })) }),
  );
  app.get('/api/test/small', async () => ok({ id: 1 }));
  app.get('/api/test/refused', async () => {
    throw AppError.invalidField('note', 'x'.repeat(2000));
  });
  app.get('/api/test/schema', { schema: { querystring: z.object({ n: z.coerce.number().int() }) } }, async () =>
    ok(null),
  );
};

let dist: string;
let app: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'seller-centre-dist-'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithCopies(path.join(dist, 'assets/index-Ab12Cd34.js'), ENTRY_JS);
  writeWithCopies(path.join(dist, 'favicon.svg'), FAVICON);
  for (const [language, html] of Object.entries(HOME_HTML)) {
    writeWithCopies(path.join(dist, `landing/home.${language}.html`), html);
  }
  writeWithCopies(path.join(dist, 'landing/centre.zh.html'), CENTRE_ZH_HTML);
  app = await buildTestApp({ WEB_DIST_DIR: dist }, { plugins: [probe] });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app is served precompressed', () => {
  it('sends the brotli copy of a hashed asset to a browser that takes br, cached for good', async () => {
    const res = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY_JS);
    expect(res.rawPayload.length).toBeLessThan(ENTRY_JS.length / 4);
  });

  it('sends the gzip copy to a client that takes only gzip', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ENTRY_JS);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  // Paths the app answers, and the document each gets: login has no landing document in this build.
  const DOCUMENTS: [string, string][] = [
    ['/', INDEX_HTML],
    ['/login', INDEX_HTML],
    ['/home', HOME_HTML.zh],
    ['/home?active=myCoupon', CENTRE_ZH_HTML],
    ['/index.html', INDEX_HTML],
    ['/register', INDEX_HTML],
  ];

  it("never lets the app's document be cached without revalidation, on every path the app answers", async () => {
    for (const [url, document] of DOCUMENTS) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(document);
    }
  });

  it('serves the app on every path it answers to a client that accepts no encoding', async () => {
    for (const [url, document] of DOCUMENTS) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(document);
    }
  });

  it("sends a landing page's own document in the language its cookie names, zh without one", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, HOME_HTML.zh],
      ['language=kr', HOME_HTML.kr],
      ['token=abc; language=th; other=1', HOME_HTML.th],
      ['language=fr', HOME_HTML.zh],
      ['mylanguage=kr', HOME_HTML.zh],
    ];
    for (const [cookie, document] of cases) {
      const res = await app.inject({
        url: '/home',
        headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
      });
      expect(brotliDecompressSync(res.rawPayload).toString(), cookie).toBe(document);
      // A cache in between must not hand one language's document to another's reader.
      expect(res.headers.vary, cookie).toMatch(/cookie/i);
      expect(res.headers.vary, cookie).toMatch(/accept-encoding/i);
    }
  });

  it('falls back to the plain document where a language has no landing document of its own', async () => {
    const res = await app.inject({ url: '/home?active=myCoupon', headers: { cookie: 'language=kr' } });
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js.br' });
    expect(res.statusCode).toBe(404);
  });

  it('answers a hashed file that no longer exists with a 404, not with the app', async () => {
    const res = await app.inject({ url: '/assets/index-Old00000.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('serves unhashed files compressed but without the immutable promise', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });
});

describe('JSON answers are compressed over 1 KB', () => {
  it('compresses a large envelope with brotli, and it still reads as the envelope', async () => {
    const res = await app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(body.data.rows).toHaveLength(100);
  });

  it('compresses with gzip for a gzip-only client', async () => {
    const res = await app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).data.rows).toHaveLength(100);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await app.inject({ url: '/api/test/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ code: 200, data: { id: 1 }, msg: 'success' });
  });

  it('keeps error envelopes intact, compressed or not', async () => {
    const big = await app.inject({ url: '/api/test/refused', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(400);
    expect(big.headers['content-encoding']).toBe('gzip');
    const bigBody = JSON.parse(gunzipSync(big.rawPayload).toString());
    expect(bigBody).toMatchObject({ code: 400, data: null });

    const invalid = await app.inject({ url: '/api/test/schema?n=abc', headers: { 'accept-encoding': 'br' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 400, data: null });
    expect(invalid.json().msg).toContain('n');

    const missing = await app.inject({ url: '/api/no/such/route', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, data: null });
  });

  it('compresses the translations the app needs before its first paint', async () => {
    const res = await app.inject({ url: '/locales/zh.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const translations = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(typeof translations.common).toBe('object');
  });
});
