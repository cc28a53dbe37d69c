import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TLanguage } from '@seller-centre/contract/i18n';

export type Translations = Record<string, unknown>;

/**
 * Translations are kept one file per feature (`<dir>/<lng>/<feature>.json`) so features can be
 * translated apart; the browser gets them merged, one document per language, each feature's
 * strings under its own name.
 */
export async function loadTranslations(dir: string, lang: TLanguage): Promise<Translations> {
  const langDir = path.join(dir, lang);
  const files = (await readdir(langDir)).filter((f) => f.endsWith('.json')).sort();
  const merged: Translations = {};
  for (const file of files) {
    merged[path.basename(file, '.json')] = JSON.parse(await readFile(path.join(langDir, file), 'utf8'));
  }
  return merged;
}
