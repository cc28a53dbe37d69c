import type { TQrCode, TSendSmsResult } from '@seller-centre/contract/auth';
import {
  type TChangePasswordRequest,
  type TReauthProof,
  type TUserInfo,
  type TWechatBindResult,
  profilePaths,
} from '@seller-centre/contract/profile';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { userInfoQuery } from '../../../shared/current-user.ts';
import { updateSessionUser } from '../../../shared/session.ts';

/**
 * Puts the user info an edit answered in the cache. A reload of the user info still under way
 * (one a WeChat scan started, say) read the account before the edit: it is cancelled first, or
 * its older answer would land last and undo the edit on the page.
 */
export async function showEditedUser(queryClient: QueryClient, user: TUserInfo): Promise<void> {
  await queryClient.cancelQueries({ queryKey: userInfoQuery.queryKey });
  queryClient.setQueryData(userInfoQuery.queryKey, user);
  updateSessionUser({ user_name: user.user_name });
}

/** The profile edits answer the fresh user info, which replaces the cached one. */
function useUserInfoMutation<V>(request: (variables: V) => Promise<TUserInfo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (user) => showEditedUser(queryClient, user),
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
