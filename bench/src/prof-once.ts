import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/browser.ts';
const BASE = 'http://127.0.0.1:4100';
const r = await fetch(`${BASE}/api/v2/user/login/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account_name: 'demo', password: 'Demo@2026', long_time: 0, system: 1 }) });
const token = ((await r.json()) as any).data.authorization;
const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
await browser.setCookie({ name: 'token', value: token, domain: '127.0.0.1', path: '/' });
const page = await browser.newPage();
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${BASE}${process.env.P ?? '/home'}`, { waitUntil: 'networkidle0' });
const { profile } = (await cdp.send('Profiler.stop')) as any;
// self time by function
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas as number[];
profile.samples.forEach((id: number, i: number) => {
  const n: any = byId.get(id); const f = n.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('total ms', Math.round(total));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(Math.round(v), k);
// by url
const byUrl = new Map<string, number>();
profile.samples.forEach((id: number, i: number) => { const n: any = byId.get(id); const u = n.callFrame.url.split('/').pop() || n.callFrame.functionName; byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0) / 1000); });
console.log('--- by file'); for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(Math.round(v), k);
await browser.close();
