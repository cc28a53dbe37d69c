import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@seller-centre/contract/i18n';

/** localStorage key of the chosen language; logout keeps it (docs/product.md). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The cookie that repeats the chosen language to the server, which then sends a page with that
 * language's files named in it (server/src/platform/web-app.ts). localStorage stays the choice.
 */
export const LANGUAGE_COOKIE = 'language';

/**
 * Each language is offered in its own script whatever the interface language is, so a reader
 * who landed in the wrong language can still find theirs: these names are never translated.
 */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  zh: '中文',
  kr: '한국어',
  th: 'ไทย',
};

/** `<html lang>`: BCP 47 tags, so the browser picks Simplified Chinese / Korean / Thai glyphs. */
export const HTML_LANG: Record<TLanguage, string> = { zh: 'zh-CN', kr: 'ko', th: 'th' };

/** dayjs locale names (the matching `dayjs/locale/*` files are imported by i18n.ts). */
export const DAYJS_LOCALE: Record<TLanguage, string> = { zh: 'zh-cn', kr: 'ko', th: 'th' };

/** Font stacks that prefer a face drawn for the script, then fall back to what every OS has. */
const LATIN_FONTS = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial`;
export const FONT_FAMILY: Record<TLanguage, string> = {
  zh: `${LATIN_FONTS}, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif`,
  kr: `${LATIN_FONTS}, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Noto Sans KR', sans-serif`,
  th: `${LATIN_FONTS}, Thonburi, 'Leelawadee UI', 'Noto Sans Thai', 'Noto Sans Thai UI', sans-serif`,
};

/**
 * The interface language for a stored or detected value: our own codes as they are, common
 * BCP 47 tags mapped onto them (`ko-KR` is `kr`, `zh-TW` is `zh`), anything else the default.
 */
export function resolveLanguage(value: unknown): TLanguage {
  if (isLanguage(value)) return value;
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'ko') return 'kr';
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** The language saved by the chooser, or the default when nothing (valid) is saved. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> | undefined): TLanguage {
  try {
    return resolveLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can throw when the browser blocks it (private mode, sandboxed frames).
    return DEFAULT_LANGUAGE;
  }
}
