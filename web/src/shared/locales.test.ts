import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@seller-centre/contract/i18n';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function namespacesOf(language: string): string[] {
  return readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.basename(file, '.json'))
    .sort();
}

function read(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'));
}

/** Every leaf as `a.b.c`, so two files can be compared key by key. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(leaf, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The `{{name}}` placeholders of a message: a translation must keep every one. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('web/locales', () => {
  it('has a folder for every interface language', () => {
    for (const language of LANGUAGES) {
      expect(existsSync(path.join(localesDir, language)), language).toBe(true);
    }
  });

  const reference = namespacesOf('zh');

  it('has the same namespace files in every language', () => {
    expect(reference.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(reference);
  });

  describe.each(reference)('namespace %s', (namespace) => {
    const zh = leaves(read('zh', namespace));

    it.each(LANGUAGES)('%s has exactly the keys of zh, each a non-empty string', (language) => {
      const translated = leaves(read(language, namespace));
      expect([...translated.keys()].sort()).toEqual([...zh.keys()].sort());
      for (const [key, value] of translated) {
        expect(typeof value, `${language}/${namespace}: ${key}`).toBe('string');
        expect((value as string).trim(), `${language}/${namespace}: ${key}`).not.toBe('');
      }
    });

    it.each(LANGUAGES)('%s keeps the interpolation placeholders of zh', (language) => {
      const translated = leaves(read(language, namespace));
      for (const [key, value] of zh) {
        expect(placeholders(String(translated.get(key))), `${language}/${namespace}: ${key}`).toEqual(
          placeholders(String(value)),
        );
      }
    });
  });
});
