import type { TOperator, TOperatorSignInRequest, TOperatorSignInResult } from '@seller-centre/contract/operators';
import { operatorPaths } from '@seller-centre/contract/operators';
import {
  apiRequest,
  type ApiError,
  type ApiSession,
  type HttpMethod,
  type RequestOptions,
} from '../../shared/api-client.ts';
import { clearOpsSession, readOpsSession } from './ops-session.ts';

/**
 * The console's calls: the operator's token instead of the seller's, and a 401 ends the
 * operator's session only (the seller's, if any, is left alone).
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

export function signInOperator(input: TOperatorSignInRequest) {
  // Sign-in is public: no token, and a refusal is the form's to show, not a session ending.
  return apiRequest<TOperatorSignInResult>('POST', operatorPaths.signIn, {
    body: input,
    silent: true,
    session: { token: () => undefined, onUnauthorized: () => undefined },
  });
}

export function signOutOperator() {
  return opsRequest<null>('POST', operatorPaths.signOut, { silent: true });
}
