// antd's reset and what every antd part needs; each part's own CSS comes with it (antd-styles.ts).
import 'virtual:antd-styles/common.css';
import { App as AntdApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { use, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { getLanguage, useLanguage } from './i18n.ts';
import { applyDayjsLocale, loadUiLocale, type AntdLocale } from './ui-locale.ts';
import { FONT_FAMILY } from './languages.ts';
import { setNotifier } from './notify.ts';
import { useDialogFocusTrap } from './dialog-focus-trap.ts';

// The language's antd and dayjs locales start loading with this module, which the landing page
// fetches alongside the entry, instead of when the theme first renders (after the translations
// and the session have arrived): one round trip less before the page shows.
loadUiLocale(getLanguage()).catch(() => undefined);

// The signed-out pages draw the same colours in plain CSS (features/auth/components/form-kit.module.css).
/** Brand colour: a deep teal, calm enough for a back office full of tables. */
const PRIMARY_COLOR = '#0f766e';

/** A link under the pointer: the brand's hue, darker (7.6:1 on white), not antd's lighter tint. */
const LINK_HOVER_COLOR = '#115e59';

/** Secondary text: 5.4:1 on white, 4.8:1 on the brand tint. */
const QUIET_TEXT = '#5f6b7a';
/** Errors and danger actions: 5.6:1 on white. */
const ERROR_COLOR = '#cf1322';

// antd derives the light tints from the seed colour, and for a dark teal they come out grey;
// these are the tints of the same hue (selected menu item, info alerts, focus rings).
const PRIMARY_TINTS = {
  bg: '#e7f4f1',
  bgHover: '#cfe9e3',
  border: '#9fd3c7',
  borderHover: '#6fbcab',
};

/** Kept in one object: a new one on each render would be a new configuration to every antd component. */
const BUTTON_CONFIG = { autoInsertSpace: false };

/** Lets the API client show messages through the themed, localised antd App context. */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useLayoutEffect(
    () =>
      setNotifier({
        // The text is the key, so the same failure from parallel calls is shown once.
        error: (text) => void message.error({ content: text, key: text }),
        warning: (text) => void message.warning({ content: text, key: text }),
        success: (text) => void message.success({ content: text, key: text }),
        clear: () => message.destroy(),
      }),
    [message],
  );
  return null;
}

/**
 * antd's and dayjs's locale for the language: the first one is waited for (under the boot
 * screen, alongside the translations); after a switch the previous one stays until the new one
 * has loaded, so the app never falls back to the boot screen.
 */
function useUiLocale(language: TLanguage): AntdLocale {
  const [initialLanguage] = useState(language);
  const first = use(loadUiLocale(initialLanguage));
  const [current, setCurrent] = useState<{ language: TLanguage; locale: AntdLocale }>();
  useEffect(() => {
    let stale = false;
    loadUiLocale(language).then(
      (locale) => {
        if (stale) return;
        applyDayjsLocale(language);
        // The same locale as shown (the first one, once it is in use) is no change: a new state
        // would render every antd component on the page again, in one piece.
        setCurrent((shown) => ((shown?.locale ?? first) === locale ? shown : { language, locale }));
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [language, first]);
  return current?.locale ?? first;
}

/**
 * antd's theme, locale, message context and dialog focus handling, around the parts of the app drawn
 * with antd (the personal centre, the operator console, the QR sign-in tab, the not-found page).
 * It and antd's stylesheets load with those parts: the signed-out pages use none of them.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const locale = useUiLocale(language);
  useDialogFocusTrap();
  const theme = useMemo<ThemeConfig>(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      // antd's styles come prebuilt (extracted at build time, antd-styles.ts) instead of being
      // generated while the first page renders: that generation was most of its blocking time.
      zeroRuntime: true,
      token: {
        colorPrimary: PRIMARY_COLOR,
        colorPrimaryBg: PRIMARY_TINTS.bg,
        colorPrimaryBgHover: PRIMARY_TINTS.bgHover,
        colorPrimaryBorder: PRIMARY_TINTS.border,
        colorPrimaryBorderHover: PRIMARY_TINTS.borderHover,
        colorInfo: PRIMARY_COLOR,
        colorInfoBg: PRIMARY_TINTS.bg,
        colorInfoBgHover: PRIMARY_TINTS.bgHover,
        colorInfoBorder: PRIMARY_TINTS.border,
        colorInfoBorderHover: PRIMARY_TINTS.borderHover,
        colorLink: PRIMARY_COLOR,
        // antd lightens a link under the pointer to 3.7:1 on a hovered table row; darker keeps AA.
        colorLinkHover: LINK_HOVER_COLOR,
        colorLinkActive: LINK_HOVER_COLOR,
        // WCAG AA (4.5:1) for the quieter texts and for red text on white and tinted panels:
        // antd's defaults (45 % black, #ff4d4f) fall near 3:1.
        colorTextTertiary: QUIET_TEXT,
        colorTextDescription: QUIET_TEXT,
        colorTextPlaceholder: QUIET_TEXT,
        colorError: ERROR_COLOR,
        borderRadius: 8,
        fontFamily: FONT_FAMILY[language],
      },
      components: {
        Layout: { siderBg: '#ffffff', headerBg: '#ffffff', bodyBg: '#f3f5f7' },
        Menu: { itemBorderRadius: 6 },
      },
    }),
    [language],
  );
  return (
    <ConfigProvider locale={locale} theme={theme} button={BUTTON_CONFIG}>
      <AntdApp>
        <MessageBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
