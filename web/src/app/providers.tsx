import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { Toaster } from '../shared/components/toaster.tsx';
import { useLanguage } from '../shared/i18n.ts';
import { FONT_FAMILY } from '../shared/languages.ts';

/** The language's fonts for the whole page (antd's theme sets them on its own components too). */
function BodyFont() {
  const language = useLanguage();
  useLayoutEffect(() => {
    document.body.style.fontFamily = FONT_FAMILY[language];
  }, [language]);
  return null;
}

/**
 * What every page needs, and nothing more: the first page a visitor sees (login) is drawn without
 * antd, so antd's theme and stylesheets come with the pages that use them (app/antd-theme.tsx).
 * Until the first translations arrive there is nothing to say yet in any language: a spinner.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner fullPage />}>
        <BodyFont />
        <Toaster />
        {children}
      </Suspense>
    </QueryClientProvider>
  );
}
