import {
  authPaths,
  type TLoginAccountRequest,
  type TLoginMobileRequest,
  type TLoginResult,
  type TLoginSmsRequest,
} from '@seller-centre/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

export type LoginInput =
  | { method: 'account'; body: TLoginAccountRequest }
  | { method: 'mobile'; body: TLoginMobileRequest }
  | { method: 'sms'; body: TLoginSmsRequest };

const PATHS = {
  account: authPaths.loginAccount,
  mobile: authPaths.loginMobile,
  sms: authPaths.loginSms,
} as const;

function login(input: LoginInput): Promise<TLoginResult> {
  return apiRequest<TLoginResult>('POST', PATHS[input.method], { body: input.body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function logout(): Promise<null> {
  // Silent: the session is being forgotten whatever the server says.
  return apiRequest<null>('POST', authPaths.logout, { silent: true });
}
