import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../shared/components/page-spinner.tsx';
import { Toaster } from '../shared/components/toaster.tsx';

/**
 * What every page needs, and nothing more: the first page a visitor sees (login) is drawn without
 * antd, so antd's theme and stylesheets come with the pages that use them (app/antd-theme.tsx).
 * Until the first translations arrive there is nothing to say yet in any language: a spinner.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner fullPage />}>
        <Toaster />
        {children}
      </Suspense>
    </QueryClientProvider>
  );
}
