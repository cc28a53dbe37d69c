import type { TLanguage } from '@seller-centre/contract/i18n';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_FILES } from './landing-documents.ts';
import { HTML_LANG } from './src/shared/languages.ts';

describe('the landing documents', () => {
  it('open in the html lang the app itself sets for each language', () => {
    for (const [language, { htmlLang }] of Object.entries(LANGUAGE_FILES)) {
      expect(htmlLang, language).toBe(HTML_LANG[language as TLanguage]);
    }
  });
});
