import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_STYLE_MODULE, antdStyles, generateAntdStyles } from './antd-styles.ts';

const require = createRequire(import.meta.url);
const antdRoot = path.dirname(require.resolve('antd/package.json'));

/** The rules of a stylesheet, without @keyframes and without the blocks of variables keyed by a render's ids. */
function rulesOf(css: string): string[] {
  return css
    .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g, '')
    .split('}')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '' && !rule.includes('.css-var-_R_') && !rule.includes('data-ant-cssinjs-cache-path'));
}

describe('antd styles split by the module that registers them', () => {
  const styles = generateAntdStyles();
  const everything = styles.common + [...styles.byModule.values()].join('');

  it('loses no rule of antd’s own prebuilt stylesheet', () => {
    const prebuilt = rulesOf(readFileSync(path.join(antdRoot, 'dist', 'antd.css'), 'utf8'));
    expect(prebuilt.length).toBeGreaterThan(5000);
    const missing = prebuilt.filter((rule) => !everything.includes(`${rule}}`) && !everything.includes(`${rule};}`));
    expect(missing).toEqual([]);
  });

  it('gives each component its own file and keeps the shared part small', () => {
    const button = styles.byModule.get(path.join(antdRoot, 'es', 'button', 'style', 'index.js'));
    expect(button).toMatch(/^@layer antd\{/);
    expect(button).toContain('.ant-btn{');
    expect(button).not.toContain('.ant-table');
    expect(styles.common).not.toContain('.ant-btn{');
    expect(styles.common).toMatch(/^@layer antd-reset\{/);
    // Shared element styles and the icons, not a second whole stylesheet.
    expect(styles.common.length).toBeLessThan(20_000);
  });

  it('makes a style module import its CSS, and leaves other modules alone', () => {
    const plugin = antdStyles();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const file = path.join(antdRoot, 'es', 'button', 'style', 'index.js');
    expect(transform('export {};', file)?.code).toContain('import "virtual:antd-styles/button-style-index.css"');
    expect(transform('export {};', path.join(antdRoot, 'es', 'button', 'Button.js'))).toBeUndefined();
    expect(transform('export {};', '/work/app/src/main.tsx')).toBeUndefined();
  });

  it('names every module that brings CSS, and its CSS, as a style module (for the chunk groups)', () => {
    for (const file of styles.byModule.keys()) expect(ANTD_STYLE_MODULE.test(file), file).toBe(true);
    const plugin = antdStyles();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    expect(ANTD_STYLE_MODULE.test(resolveId('virtual:antd-styles/button-style-index.css')!)).toBe(true);
    expect(ANTD_STYLE_MODULE.test(path.join(antdRoot, 'es', 'button', 'Button.js'))).toBe(false);
  });
});
