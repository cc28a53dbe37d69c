import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCache, extractStyle as extractCache, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement, type ReactElement } from 'react';
import type { Plugin } from 'vite';

/**
 * antd's styles, split the way its code is: each antd module that registers a component's styles
 * (`antd/es/button/style/index.js`, ...) imports the CSS of exactly those styles, so a page's CSS
 * arrives with the antd parts it uses instead of antd's whole stylesheet (985 KB, most of it for
 * components a page never shows) blocking every signed-in page's first paint.
 *
 * The CSS is what antd itself would write at run time: every component is rendered once on the
 * server side with antd's own extraction (the same that makes `antd/dist/antd.css`), and each
 * style it registered goes to the module that registered it. What no component module registers
 * (antd's reset of its own elements, the icons) is `common`, loaded with the theme.
 *
 * All of it sits in the cascade layer `antd`, below `antd-reset` (antd's reset.css): the order in
 * which chunks happen to load cannot change which rule wins, and the app's own CSS (no layer)
 * always wins over antd's, as an override is meant to.
 */

const require = createRequire(import.meta.url);
const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const RESET_CSS = path.join(path.dirname(require.resolve('antd/package.json')), 'dist', 'reset.css');

const RESOLVED_PREFIX = '\0antd-styles/';

/** antd's style modules (`antd/es/button/style/index.js`, `_util/wave/style.js`) and the CSS each one imports. */
export const ANTD_STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](.+[\\/])?style(\.js|[\\/])|^\0antd-styles\//;

export type AntdStyles = {
  /** CSS every antd page needs: antd's reset, its shared element styles, the icons. */
  common: string;
  /** CSS by the absolute path of the antd module that registers it. */
  byModule: Map<string, string>;
};

const REGISTRATION =
  /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:'([A-Za-z]+)'|\[\s*'([A-Za-z]+)'\s*(?:,\s*'([A-Za-z]+)'\s*)?\])/g;

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Which module registers each style path (`Button-Button`, `Input-Search`, `Tag-status`): antd
 * registers a style with `genStyleHooks('Button')` or `genStyleHooks(['Input', 'Search'])`, and
 * the cache names it by those parts.
 */
function registrations(): Map<string, string> {
  const styles = new Map<string, string>();
  for (const file of jsFiles(ANTD_ES)) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(REGISTRATION)) {
      const single = match[1];
      const name = (single ?? match[2])!;
      const part = single ?? match[3] ?? name;
      styles.set(`${name}-${part}`, file);
    }
  }
  return styles;
}

/** Every antd component rendered once, into one cache: the styles antd would register at run time. */
function renderAll() {
  const cache = createCache();
  extractStyle({
    customTheme: (node: ReactElement) =>
      createElement(StyleProvider, { cache }, createElement(ConfigProvider, { theme: { hashed: false } }, node)),
  });
  return cache;
}

/** The plain CSS of some of the cache's entries, without the cache-path marker. */
function cssOf(cache: ReturnType<typeof createCache>, keys: string[]): string {
  const part = { ...cache, cache: new Map(keys.map((key) => [key, cache.cache.get(key)!])), extracted: new Set<string>() };
  return extractCache(part as typeof cache, true).replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/, '');
}

const layered = (layer: string, css: string) => `@layer ${layer}{${css}}`;

export function generateAntdStyles(): AntdStyles {
  const styles = registrations();
  const cache = renderAll();
  const keysByModule = new Map<string, string[]>();
  const commonKeys: string[] = [];
  for (const key of cache.cache.keys()) {
    const [type, , stylePath] = key.split('%');
    // The theme's and the components' variables (`token`, `cssVar`) are left out: the extraction
    // names their selectors after its own render (`.css-var-_R_0_`), which no page ever carries;
    // the page's ConfigProvider writes them at run time, with the app's theme.
    if (type !== 'style') continue;
    const owner = styles.get(stylePath!.split('-').slice(0, 2).join('-'));
    if (owner) keysByModule.set(owner, [...(keysByModule.get(owner) ?? []), key]);
    else commonKeys.push(key);
  }
  const byModule = new Map<string, string>();
  for (const [file, keys] of keysByModule) byModule.set(file, layered('antd', cssOf(cache, keys)));
  const common = layered('antd-reset', readFileSync(RESET_CSS, 'utf8')) + layered('antd', cssOf(cache, commonKeys));
  return { common, byModule };
}

/**
 * The Vite plugin: `virtual:antd-styles/common.css` for the theme, and each style module's own CSS.
 * `npm run dev` serves antd prebundled into one file, whose style modules are never transformed:
 * there the common CSS is all of it.
 */
export function antdStyles(): Plugin {
  let generated: AntdStyles | undefined;
  let serving = false;
  const styles = () => (generated ??= generateAntdStyles());
  const moduleIds = new Map<string, string>();
  return {
    name: 'antd-styles',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      if (id.startsWith('virtual:antd-styles/')) return `${RESOLVED_PREFIX}${id.slice('virtual:antd-styles/'.length)}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (name === 'common.css') return serving ? [styles().common, ...styles().byModule.values()].join('') : styles().common;
      const file = moduleIds.get(name);
      return file === undefined ? undefined : styles().byModule.get(file);
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      const css = file.startsWith(ANTD_ES) ? styles().byModule.get(file) : undefined;
      if (css === undefined) return undefined;
      const name = `${path.relative(ANTD_ES, file).replaceAll(path.sep, '-').replace(/\.js$/, '')}.css`;
      moduleIds.set(name, file);
      return { code: `${code}\nimport ${JSON.stringify(`virtual:antd-styles/${name}`)};\n`, map: null };
    },
  };
}
