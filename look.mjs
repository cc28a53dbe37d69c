// temporary look-around script (not committed)
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4600';
const lng = process.argv[2] ?? 'zh';
const pages = process.argv.slice(3);
const login = await fetch(`${base}/api/v2/user/login/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account_name: 'demo', password: 'Demo@2026', long_time: 0, system: 1 }) }).then((r) => r.json());
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 } });
await context.addInitScript((l) => localStorage.setItem('language', l), lng);
await context.addCookies([{ name: 'token', value: login.data.authorization, url: base }]);
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
for (const p of pages) {
  await page.goto(`/home?${p}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const name = `/tmp/mw/shots/${p.replace(/[^a-z0-9]+/gi, '_')}-${lng}.png`;
  await page.screenshot({ path: name, fullPage: true });
  console.log(name);
}
await browser.close();
