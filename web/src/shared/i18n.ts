import { LANGUAGES, type TLanguage } from '@seller-centre/contract/i18n';
import i18next, { type InitOptions } from 'i18next';
import Cookies from 'js-cookie';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { HTML_LANG, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, resolveLanguage, storedLanguage } from './languages.ts';
import { sessionCookieAttributes } from './session.ts';

/**
 * Interface translations come from the translation host as one document per language
 * (`/locales/zh.json`), each feature's strings under its own name: `t('common.productName')`.
 * The files live in web/locales/<lng>/<feature>.json.
 */
const LOCALES_LOAD_PATH = '/locales/{{lng}}.json';

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Everything outside React that follows the language: `<html lang>`, the saved choice, and its
 * cookie, by which the server sends the page with this language's files already named (dayjs and
 * antd follow through `loadUiLocale`, which the providers wait for).
 */
function applyLanguage(language: TLanguage): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = HTML_LANG[language];
    Cookies.set(LANGUAGE_COOKIE, language, { ...sessionCookieAttributes(location.protocol), expires: 365 });
  }
  try {
    browserStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A blocked storage only means the choice is not remembered.
  }
}

/**
 * The first language's translations, asked for the moment the app starts. i18next asks a tick
 * later, by when the landing page's scripts have taken the browser's six connections to the host,
 * and every page waits for the translations (on a phone's slow line, about two seconds more).
 */
let firstLoad: { url: string; response: Promise<Response> } | undefined;

/** Hands i18next the response already on its way for the first language; any other, it fetches itself. */
function takeFirstLoad(url: string): Promise<Response> | undefined {
  if (firstLoad?.url !== url) return undefined;
  const { response } = firstLoad;
  firstLoad = undefined;
  return response;
}

let initialising: Promise<unknown> | undefined;
/** The language i18next was started in: i18next itself names it only once its start has run. */
let startLanguage: TLanguage | undefined;

/**
 * Starts i18next in the saved language (default zh). Components render under Suspense until
 * the translations have arrived, so the returned promise need not be awaited.
 */
export function initI18n(): Promise<unknown> {
  if (initialising) return initialising;
  const language = savedLanguage();
  startLanguage = language;
  applyLanguage(language);
  const url = LOCALES_LOAD_PATH.replace('{{lng}}', language);
  firstLoad = { url, response: fetch(url) };
  i18next.on('languageChanged', (lng) => applyLanguage(resolveLanguage(lng)));
  initialising = i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...i18nOptions(language),
      backend: { loadPath: LOCALES_LOAD_PATH, alternateFetch: takeFirstLoad },
    });
  return initialising;
}

/** i18next's options for a language: in the browser, and where the server renders a page. */
export function i18nOptions(language: TLanguage): InitOptions {
  return {
    lng: language,
    // Every language has exactly zh's keys (locales.test.ts): a fallback would only make a
    // Korean or Thai page fetch the Chinese translations too, 19 KB on a phone's first load.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // Our codes are not BCP 47 ('kr'): never let i18next derive or load 'kr-XX' variants.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** The language the reader chose last (zh when none). */
export function savedLanguage(): TLanguage {
  return storedLanguage(browserStorage());
}

/** The current interface language (always one of zh, kr, th). */
export function getLanguage(): TLanguage {
  return resolveLanguage(i18next.resolvedLanguage ?? i18next.language ?? startLanguage);
}

/** Switches the interface language once its translations have loaded, and remembers it. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  await i18next.changeLanguage(language);
}

/** The current language, re-rendering the component when it changes. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
}
