import { QueryClient } from '@tanstack/react-query';
import { shouldRetryQuery } from '../shared/api-client.ts';

/** One client for the app: the router's guard and the pages share its cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
