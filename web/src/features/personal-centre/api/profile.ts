import type { TQrCode, TSendSmsResult } from '@seller-centre/contract/auth';
import {
  type TChangePasswordRequest,
  type TReauthProof,
  type TUserInfo,
  type TWechatBindResult,
  profilePaths,
} from '@seller-centre/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { userInfoQuery } from '../../../shared/current-user.ts';
import { updateSessionUser } from '../../../shared/session.ts';

/** The profile edits answer the fresh user info, which replaces the cached one. */
function useUserInfoMutation<V>(request: (variables: V) => Promise<TUserInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (user) => {
      queryClient.setQueryData(userInfoQuery.queryKey, user);
      updateSessionUser({ user_name: user.user_name });
    },
  });
}

export function useChangeCompanyName() {
  return useUserInfoMutation((company_name: string) =>
    apiRequest<TUserInfo>('PUT', profilePaths.company, { body: { company_name } }),
  );
}

export function useChangeUserName() {
  return useUserInfoMutation((user_name: string) =>
    apiRequest<TUserInfo>('PUT', profilePaths.account, { body: { user_name } }),
  );
}

export function useUnbindWechat() {
  return useUserInfoMutation(() => apiRequest<TUserInfo>('PUT', profilePaths.wechatUnbind));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => apiRequest<null>('PUT', profilePaths.password, { body }),
    // has_password may have changed from false to true.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey }),
  });
}

/** Sends a re-authentication code to the account's own phone (accounts without a password). */
export function useSendReauthCode() {
  return useMutation({ mutationFn: () => apiRequest<TSendSmsResult>('POST', profilePaths.reauthSms) });
}

/** A QR code for binding a WeChat, issued only with the proof (current password or SMS code). */
export function useBindQrCode() {
  return useMutation({
    mutationFn: (proof: TReauthProof) => apiRequest<TQrCode>('POST', profilePaths.wechatBindQrCode, { body: proof }),
  });
}

/** One poll of the personal-centre bind: binds the WeChat that scanned the scene, once scanned. */
export function pollWechatBind(scene_mark: string): Promise<TWechatBindResult> {
  return apiRequest<TWechatBindResult>('PUT', profilePaths.wechatBind, { body: { scene_mark } });
}
