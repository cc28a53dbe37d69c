import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { HOME_MODULE_KEYS } from '@seller-centre/contract/paths';
import { describe, expect, it } from 'vitest';
import * as contract from '@seller-centre/contract/first-view';
import {
  FIRST_VIEW_PLACEHOLDER,
  FIRST_VIEW_STYLES_PLACEHOLDER,
  LANGUAGE_FILES,
  RENDERED_PAGES,
  renderedTemplate,
  SERVER_STATE_PLACEHOLDER,
} from './landing-documents.ts';
import { HTML_LANG } from './src/shared/languages.ts';

describe('the landing documents', () => {
  it('open in the html lang the app itself sets for each language', () => {
    for (const [language, { htmlLang }] of Object.entries(LANGUAGE_FILES)) {
      expect(htmlLang, language).toBe(HTML_LANG[language as TLanguage]);
    }
  });
});

describe('the document of the personal centre the server draws', () => {
  // index.html as the build writes it: the entry, its static imports and its stylesheet.
  const built = [
    '<!doctype html>',
    '<html lang="zh-CN">',
    '  <head>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/entry-3.css">',
    '  </head>',
    '  <body>',
    '    <!-- the spinner -->',
    '    <div id="root">',
    '      <div class="page-spinner"><i></i></div>',
    '    </div>',
    '  </body>',
    '</html>',
  ].join('\n');
  const template = renderedTemplate(built, {
    afterPaint: '/assets/after-paint-4.js',
    preload: ['/locales/zh.json', '/assets/shell-5.js'],
    styles: ['/assets/shell-6.css'],
  });

  it('asks for no script but the small one that fetches the app once the page is painted', () => {
    expect([...template.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script type="module" async crossorigin src="/assets/after-paint-4.js" data-entry="/assets/index-1.js" ' +
        'data-preload="/assets/react-2.js /locales/zh.json /assets/shell-5.js">',
    ]);
    expect(template).not.toContain('modulepreload');
  });

  it("applies the page's styles, which the server's render is drawn with, and has a place for its theme's", () => {
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/entry-3.css">');
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-6.css">');
    expect(template).toMatch(new RegExp(`${FIRST_VIEW_STYLES_PLACEHOLDER}\\s*</head>`));
  });

  it("has the render's place in #root instead of the spinner, and its state's beside it", () => {
    expect(template).toContain(`<div id="root">${FIRST_VIEW_PLACEHOLDER}</div>${SERVER_STATE_PLACEHOLDER}`);
    expect(template).not.toContain('page-spinner');
    expect(template).not.toContain('the spinner');
  });

  it('writes the placeholders the server fills, as the contract names them', () => {
    expect({ FIRST_VIEW_PLACEHOLDER, FIRST_VIEW_STYLES_PLACEHOLDER, SERVER_STATE_PLACEHOLDER }).toEqual({
      FIRST_VIEW_PLACEHOLDER: contract.FIRST_VIEW_PLACEHOLDER,
      FIRST_VIEW_STYLES_PLACEHOLDER: contract.FIRST_VIEW_STYLES_PLACEHOLDER,
      SERVER_STATE_PLACEHOLDER: contract.SERVER_STATE_PLACEHOLDER,
    });
  });
});

describe('the modules the server renders', () => {
  it('are named by their module key, with page files that exist and that modules.ts loads for them', () => {
    const modules = readFileSync(path.join(import.meta.dirname, 'src/app/modules.ts'), 'utf8');
    for (const [key, files] of Object.entries(RENDERED_PAGES)) {
      expect(HOME_MODULE_KEYS).toContain(key);
      for (const file of files!) {
        expect(existsSync(file), file).toBe(true);
        const page = path.relative(path.join(import.meta.dirname, 'src'), file);
        if (page.startsWith('features/')) expect(modules, `${key}: ${page}`).toContain(`import('../${page}')`);
      }
    }
  });
});
