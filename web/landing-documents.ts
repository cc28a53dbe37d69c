import path from 'node:path';
import type { TLanguage } from '@seller-centre/contract/i18n';
import type { THomeModuleKey } from '@seller-centre/contract/paths';
import type { Plugin } from 'vite';

/**
 * A copy of index.html for each page a visitor lands on, and each language, that names the page's
 * scripts and styles (`landing/home.zh.html`). index.html names only the entry: the page's own
 * files were asked for once the entry had arrived and run, a round trip and the entry's run later,
 * which on a phone's slow line is a good part of a second before the first paint. Named in the
 * document, they come with the entry.
 *
 * The server sends the copy for the path and the language cookie, and index.html for every other
 * path (server/src/platform/web-app.ts). The files each page needs are those `route-loaders.ts`
 * fetches when the page is the landing one: the same modules are listed here by source path.
 */

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);

const SHELL = [src('shared/antd-theme.tsx'), src('app/shell/personal-centre-shell.tsx')];

/**
 * The modules each landing page fetches at once (route-loaders.ts, LANDING_PAGES): the login page;
 * the personal centre opening on its own page (`/home`); and opening on another module
 * (`/home?active=...`), whose frame is known but whose module the viewer may not be allowed. A
 * page drawn with antd also waits for its language's antd and dayjs locales.
 */
export const LANDING_PAGES: Record<string, { modules: readonly string[]; antd: boolean }> = {
  login: { modules: [src('features/auth/login-page.tsx')], antd: false },
  home: { modules: [...SHELL, src('features/personal-centre/personal-centre-page.tsx')], antd: true },
  centre: { modules: SHELL, antd: true },
};

/**
 * Each language's `<html lang>` (src/shared/languages.ts, HTML_LANG) and its antd and dayjs
 * locales, which every page drawn with antd waits for (ui-locale.ts). Spelled out here: the build's
 * configuration is loaded by Node before any TypeScript of the workspace can be, so it imports
 * none of it (landing-documents.test.ts holds the two tables together).
 */
export const LANGUAGE_FILES: Record<TLanguage, { htmlLang: string; modules: readonly RegExp[] }> = {
  zh: {
    htmlLang: 'zh-CN',
    modules: [/[\\/]antd[\\/](es[\\/])?locale[\\/]zh_CN\.js$/, /[\\/]dayjs[\\/](esm[\\/])?locale[\\/]zh-cn\.js$/],
  },
  kr: {
    htmlLang: 'ko',
    modules: [/[\\/]antd[\\/](es[\\/])?locale[\\/]ko_KR\.js$/, /[\\/]dayjs[\\/](esm[\\/])?locale[\\/]ko\.js$/],
  },
  th: {
    htmlLang: 'th',
    modules: [/[\\/]antd[\\/](es[\\/])?locale[\\/]th_TH\.js$/, /[\\/]dayjs[\\/](esm[\\/])?locale[\\/]th\.js$/],
  },
};
const DAYJS = /[\\/]dayjs[\\/](esm[\\/])?(dayjs\.min|index)\.js$/;

type Chunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** The landing documents' file name: the server looks them up by the same rule. */
const landingDocument = (page: string, language: TLanguage) => `landing/${page}.${language}.html`;

export function landingDocuments(): Plugin {
  return {
    name: 'seller-centre:landing-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle) as Output[];
      const chunks = outputs.filter((o): o is Chunk => o.type === 'chunk');
      const index = outputs.find((o) => o.type === 'asset' && o.fileName === 'index.html');
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);

      /** The chunks that hold a module (a lazily imported one may share a chunk with others). */
      const holding = (match: (id: string) => boolean) => {
        const found = chunks.filter((c) => c.moduleIds.some(match));
        if (found.length === 0) throw new Error(`landing-documents: no chunk holds ${match}`);
        return found;
      };
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      /** The chunks and stylesheets a set of chunks loads, with their static imports, in load order. */
      const files = (roots: readonly Chunk[]) => {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: Chunk) => {
          if (scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          for (const imported of chunk.imports) visit(byName.get(imported)!);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        };
        roots.forEach(visit);
        return { scripts, styles };
      };

      // What index.html names already: the entry and its static imports.
      const named = new Set([...html.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]!));
      /** A page's files in a language: its modules', and the language's antd and dayjs locales. */
      const pageFiles = (modules: readonly string[], antd: boolean, language: TLanguage) => {
        const roots = modules.flatMap((id) => holding((module) => module === id));
        if (antd) {
          roots.push(...LANGUAGE_FILES[language].modules.flatMap((pattern) => holding((id) => pattern.test(id))));
          roots.push(...holding((id) => DAYJS.test(id)));
        }
        return files(roots);
      };
      for (const [page, { modules, antd }] of Object.entries(LANDING_PAGES)) {
        for (const [language, { htmlLang }] of Object.entries(LANGUAGE_FILES)) {
          const { scripts, styles } = pageFiles(modules, antd, language as TLanguage);
          const links = [
            // The translations every page waits for (i18n.ts asks for them with a plain fetch).
            `<link rel="preload" as="fetch" crossorigin href="/locales/${language}.json">`,
            ...[...scripts]
              .filter((f) => !named.has(f))
              .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
            // Fetched, not applied: the page applies them when its code runs, as it would have.
            ...[...styles]
              .filter((f) => !named.has(f))
              .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
          ];
          const document = html.replace(/<html lang="[^"]*">/, `<html lang="${htmlLang}">`);
          this.emitFile({
            type: 'asset',
            fileName: landingDocument(page, language as TLanguage),
            source: document.replace(/\n\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`),
          });
        }
      }
      for (const [page, modules] of Object.entries(RENDERED_PAGES) as [string, readonly string[]][]) {
        for (const [language, { htmlLang }] of Object.entries(LANGUAGE_FILES)) {
          const { scripts, styles } = pageFiles(modules, true, language as TLanguage);
          const document = html.replace(/<html lang="[^"]*">/, `<html lang="${htmlLang}">`);
          this.emitFile({
            type: 'asset',
            fileName: renderedDocument(page, language as TLanguage),
            source: renderedTemplate(document, {
              afterPaint: `/${holding((id) => id === AFTER_PAINT)[0]!.fileName}`,
              preload: [`/locales/${language}.json`, ...[...scripts].filter((f) => !named.has(f)).map((f) => `/${f}`)],
              styles: [...styles].filter((f) => !named.has(f)).map((f) => `/${f}`),
            }),
          });
        }
      }
    },
  };
}

/**
 * The personal centre's modules the server renders for a signed-in seller (`/home?active=<key>`,
 * and `/home` for its own page; server/src/platform/first-view.ts), with the files each shows:
 * the shell's and the module's page files as modules.ts imports them. A module is added
 * here once its page has been checked to render the same on the server as in the browser: what
 * depends on the reader's clock or time zone waits for the browser (shared/hydrated.ts). Earn
 * money is not: its page is the partner site in a frame, its address made from the browser's own
 * origin.
 */
export const RENDERED_PAGES: Partial<Record<THomeModuleKey, readonly string[]>> = {
  personalCenter: LANDING_PAGES.home!.modules,
  myBill: [...SHELL, src('features/bills/my-bill-page.tsx'), src('features/warehouse/warehouse-bill.tsx')],
  serviceUpgrade: [...SHELL, src('features/service-upgrade/service-upgrade-page.tsx')],
  myCoupon: [...SHELL, src('features/coupons/coupons-page.tsx')],
  roleManagement: [...SHELL, src('features/roles/role-management-page.tsx')],
  authorityManagement: [...SHELL, src('features/employees/authority-management-page.tsx')],
  auditLog: [...SHELL, src('features/audit-log/audit-log-page.tsx')],
  distributionBill: [...SHELL, src('features/distribution/distribution-page.tsx')],
  distributor: [...SHELL, src('features/supplier/supplier-page.tsx')],
};
const AFTER_PAINT = src('after-paint.ts');
const renderedDocument = (page: string, language: TLanguage) => `landing/${page}-rendered.${language}.html`;

/**
 * Where the server writes its render, its theme's styles, and the state the app takes the page
 * over with: the contract's placeholders (contract/first-view.ts), written out again because
 * Node loads this file for Vite's config without compiling the contract's TypeScript; a test
 * holds the two the same.
 */
export const FIRST_VIEW_PLACEHOLDER = '<!--first-view-->';
export const FIRST_VIEW_STYLES_PLACEHOLDER = '<!--first-view-styles-->';
export const SERVER_STATE_PLACEHOLDER = '<!--server-state-->';

/**
 * The document of a page the server renders: its styles applied (the render is drawn with them),
 * and the app's scripts and translations asked for only once the page has been painted
 * (src/after-paint.ts), by the one small script it names instead of the app's entry.
 */
export function renderedTemplate(
  document: string,
  files: { afterPaint: string; preload: readonly string[]; styles: readonly string[] },
): string {
  const entry = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(document);
  if (!entry) throw new Error('landing-documents: index.html names no entry script');
  const entryPreloads = [...document.matchAll(/\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let template = document.replace(entry[0], '');
  for (const link of entryPreloads) template = template.replace(link[0], '');
  const preload = [...entryPreloads.map((m) => m[1]!), ...files.preload].join(' ');
  const head = [
    `<script type="module" async crossorigin src="${files.afterPaint}" data-entry="${entry[1]}" data-preload="${preload}"></script>`,
    ...files.styles.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`),
    FIRST_VIEW_STYLES_PLACEHOLDER,
  ];
  return (
    template
      .replace(/\n\s*<\/head>/, `\n    ${head.join('\n    ')}\n  </head>`)
      // index.html's note on its spinner: this document has the page instead.
      .replace(/\s*<!--(?:(?!-->)[\s\S])*-->(?=\s*<div id="root">)/, '')
      .replace(
        /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/,
        `<div id="root">${FIRST_VIEW_PLACEHOLDER}</div>${SERVER_STATE_PLACEHOLDER}`,
      )
  );
}
