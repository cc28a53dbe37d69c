import type { TLanguage } from '@seller-centre/contract/i18n';
import type { ConfigProviderProps } from 'antd';
import type dayjsFunction from 'dayjs';
import { DAYJS_LOCALE } from './languages.ts';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// Each language's antd and dayjs locales are fetched only when that language is used: the
// login page of a zh visitor loads neither the kr nor the th ones.
const LOADERS: Record<TLanguage, () => Promise<[{ default: AntdLocale }, unknown]>> = {
  zh: () => Promise.all([import('antd/locale/zh_CN'), import('dayjs/locale/zh-cn')]),
  kr: () => Promise.all([import('antd/locale/ko_KR'), import('dayjs/locale/ko')]),
  th: () => Promise.all([import('antd/locale/th_TH'), import('dayjs/locale/th')]),
};

// dayjs itself is imported lazily too (a small file of its own): this module then has no import
// that must run before it, so the entry carries it and a landing page asks for the locales with
// its first scripts, not once antd's theme, which used to carry dayjs, has arrived and run.
let dayjs: typeof dayjsFunction | undefined;
const loadDayjs = () => import('dayjs').then((m) => (dayjs = m.default));

const loaded = new Map<TLanguage, Promise<AntdLocale>>();

/**
 * The antd locale of a language, with dayjs switched to it once loaded. The same promise for a
 * language every time (React's `use` needs that), so it is cached; a failed load is forgotten.
 */
export function loadUiLocale(language: TLanguage): Promise<AntdLocale> {
  let locale = loaded.get(language);
  if (!locale) {
    locale = Promise.all([LOADERS[language](), loadDayjs()]).then(
      ([[antd]]) => {
        applyDayjsLocale(language);
        return antd.default;
      },
      (error: unknown) => {
        loaded.delete(language);
        throw error;
      },
    );
    loaded.set(language, locale);
  }
  return locale;
}

/** Switches dayjs to a language whose locale `loadUiLocale` has loaded. */
export function applyDayjsLocale(language: TLanguage): void {
  dayjs?.locale(DAYJS_LOCALE[language]);
}
