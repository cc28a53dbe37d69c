import type { TOperator } from '@seller-centre/contract/operators';
import { operatorPaths } from '@seller-centre/contract/operators';
import type { TProposed } from '@seller-centre/contract/proposals';
import { apiRequest, type ApiError, type ApiSession, type HttpMethod, type RequestOptions } from '../api-client.ts';
import { clearOpsSession, readOpsSession } from './ops-session.ts';

/**
 * The operator's client, which every console page builds its calls on, whichever feature owns
 * the page: the operator's token instead of the seller's, and a 401 ends the operator's session
 * only (the seller's, if any, is left alone).
 */

type Listener = (error: ApiError) => void;
let onSessionEnded: Listener = () => undefined;

/** The console shell listens, to go to its sign-in page and say why. */
export function onOpsSessionEnded(listener: Listener): () => void {
  onSessionEnded = listener;
  return () => {
    if (onSessionEnded === listener) onSessionEnded = () => undefined;
  };
}

export const opsSession: ApiSession = {
  token: () => readOpsSession()?.token,
  onUnauthorized: (error) => {
    clearOpsSession();
    onSessionEnded(error);
  },
};

export function opsRequest<T>(method: HttpMethod, path: string, options: Omit<RequestOptions, 'session'> = {}) {
  return apiRequest<T>(method, path, { ...options, session: opsSession });
}

/** Every query of the console starts with this key: signing out drops them all. */
export const OPS_QUERY_KEY = ['ops'] as const;

export const operatorQuery = {
  queryKey: [...OPS_QUERY_KEY, 'me'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => opsRequest<TOperator>('GET', operatorPaths.me, { signal }),
};

/**
 * Whether a money action's answer is a proposal kept for a second operator (the server's 202)
 * rather than the move made.
 */
export function isProposed(answer: unknown): answer is TProposed {
  return typeof answer === 'object' && answer !== null && 'proposal' in answer;
}
