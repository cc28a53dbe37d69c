import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageSpinner } from '../shared/components/page-spinner.tsx';

const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

/** What index.html puts in `#root`, without the indentation between its tags. */
function bootMarkup(): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(INDEX_HTML);
  if (!match) throw new Error('index.html has no #root followed by the entry script');
  return match[1]!.replaceAll(/>\s+</g, '><').trim();
}

describe('the page before the first script', () => {
  it('shows the same full-page spinner React draws first, so nothing moves when React takes over', () => {
    expect(bootMarkup()).toBe(renderToStaticMarkup(createElement(PageSpinner, { fullPage: true })));
  });

  it('draws it from the HTML and the head stylesheet alone, as plain boxes the browser does not count as content', () => {
    expect(bootMarkup()).toMatch(/^<div class="page-spinner page-spinner-full"[^>]*aria-busy="true"><span /);
    expect(bootMarkup()).not.toMatch(/<(svg|img|canvas)|>[^<\s]+</);
  });
});
