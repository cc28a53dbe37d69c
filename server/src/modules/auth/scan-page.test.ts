import { describe, expect, it } from 'vitest';
import { renderScanPage } from './scan-page.ts';

describe('the simulator scan page', () => {
  it('is translated into each interface language', () => {
    expect(renderScanPage('zh', 'scene1', 'n0nce')).toContain('微信扫码模拟器');
    expect(renderScanPage('kr', 'scene1', 'n0nce')).toContain('WeChat 스캔 시뮬레이터');
    expect(renderScanPage('th', 'scene1', 'n0nce')).toContain('เครื่องจำลองการสแกน WeChat');
    expect(renderScanPage('kr', 'scene1', 'n0nce')).toContain('lang="ko"');
  });

  it('prefills a fresh open id and the scene, and posts to the scan call', () => {
    const a = renderScanPage('zh', 'scene1', 'n0nce');
    const b = renderScanPage('zh', 'scene1', 'n0nce');
    const openId = (html: string) => /name="open_id" value="([^"]+)"/.exec(html)![1];
    expect(openId(a)).toMatch(/^o_sim_[0-9a-f]{12}$/);
    expect(openId(a)).not.toBe(openId(b));
    expect(a).toContain('name="scene_mark" value="scene1" readonly');
    expect(a).toContain('"/api/dev/wechat/scan"');
  });

  it('escapes the scene in HTML and keeps script data from closing the script', () => {
    const html = renderScanPage('zh', '"><img src=x onerror=alert(1)>', 'n0nce');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&quot;&gt;&lt;img');
    const open = '<script nonce="n0nce">';
    const script = html.slice(html.indexOf(open) + open.length, html.lastIndexOf('</script>'));
    expect(script.length).toBeGreaterThan(100);
    expect(script).not.toContain('</');
  });

  it('explains a missing scene instead of showing the form', () => {
    const html = renderScanPage('th', undefined, 'n0nce');
    expect(html).not.toContain('<form');
    expect(html).toContain('scene_mark');
  });
});
