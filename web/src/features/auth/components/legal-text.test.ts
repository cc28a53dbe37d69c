import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@seller-centre/contract/i18n';
import { describe, expect, it } from 'vitest';
import { LEGAL_PARAGRAPHS } from './legal-text.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../locales');

/** The paragraphs the privacy dialog shows in a language, in order. */
function privacyText(language: string): string[] {
  const auth = JSON.parse(readFileSync(path.join(localesDir, language, 'auth.json'), 'utf8')) as {
    legal: { privacy: Record<string, string> };
  };
  return Array.from({ length: LEGAL_PARAGRAPHS.privacy }, (_, i) => auth.legal.privacy[`p${i + 1}`] ?? '');
}

describe('the privacy policy', () => {
  it.each(LANGUAGES)('shows the reply and buyer-data deletion terms in %s', (language) => {
    const paragraphs = privacyText(language);
    expect(paragraphs.every((p) => p.trim() !== '')).toBe(true);
    const text = paragraphs.join('\n');
    // A reply within 15 days; buyer personal data deleted 28 days after shipping.
    expect(text).toMatch(/15\s*(天|일|วัน)/);
    expect(text).toMatch(/28\s*(天|일|วัน)/);
  });
});
