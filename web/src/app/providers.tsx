import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, Spin, theme as antdTheme, type ThemeConfig } from 'antd';
import { Suspense, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, useLanguage } from '../shared/i18n.ts';
import { FONT_FAMILY } from '../shared/languages.ts';
import { setNotifier } from '../shared/notify.ts';
import { currentBrand } from '../shared/brand/brands.ts';

/** Brand colour: a deep teal, calm enough for a back office full of tables. */
export const PRIMARY_COLOR = '#0f766e';

// antd derives the light tints from the seed colour, and for a dark teal they come out grey;
// these are the tints of the same hue (selected menu item, info alerts, focus rings).
const PRIMARY_TINTS = {
  bg: '#e7f4f1',
  bgHover: '#cfe9e3',
  border: '#9fd3c7',
  borderHover: '#6fbcab',
};

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
      }),
    [message],
  );
  return null;
}

/** The tab title follows the company variant and the language. */
function DocumentTitle() {
  const { t } = useTranslation();
  const title = t(currentBrand.nameKey);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const theme = useMemo<ThemeConfig>(
    () => ({
      algorithm: antdTheme.defaultAlgorithm,
      // antd's styles come prebuilt (antd/dist/antd.css, imported by main.tsx) instead of being
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
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MessageBridge />
        <DocumentTitle />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** Shown until the first translations arrive: there is nothing to say yet in any language. */
function BootScreen() {
  return (
    <ConfigProvider theme={{ zeroRuntime: true, token: { colorPrimary: PRIMARY_COLOR } }}>
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" />
      </div>
    </ConfigProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootScreen />}>
        <ThemedApp>{children}</ThemedApp>
      </Suspense>
    </QueryClientProvider>
  );
}
