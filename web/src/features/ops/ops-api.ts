import type { TOperatorSignInRequest, TOperatorSignInResult } from '@seller-centre/contract/operators';
import { operatorPaths } from '@seller-centre/contract/operators';
import { apiRequest } from '../../shared/api-client.ts';
import { opsRequest } from '../../shared/ops/ops-api.ts';

/** The console shell's own calls: the operator signing in and out. */

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
