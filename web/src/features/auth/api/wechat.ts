import {
  authPaths,
  type TLoginResult,
  type TQrBindingRequest,
  type TQrInquiryResult,
} from '@seller-centre/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';

/** One poll of the login QR code. Silent: a failure marks the code expired (docs/product.md). */
export function inquireQrCode(query: {
  scene_mark: string;
  long_time: 0 | 1;
  system: 1 | 2;
}): Promise<TQrInquiryResult> {
  return apiRequest<TQrInquiryResult>('GET', authPaths.wechatInquiry, { query, silent: true });
}

/** After an unbound scan: bind the WeChat to the phone + password account and sign in. */
function bindWechatAndLogin(body: TQrBindingRequest): Promise<TLoginResult> {
  return apiRequest<TLoginResult>('PUT', authPaths.wechatBinding, { body });
}

export function useBindWechatAndLogin() {
  return useMutation({ mutationFn: bindWechatAndLogin });
}
