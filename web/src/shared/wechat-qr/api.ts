import { authPaths, type TQrCode } from '@seller-centre/contract/auth';
import { apiRequest } from '../api-client.ts';

/** A new single-use QR code (scene), for sign-in or for binding a WeChat to the signed-in user. */
export function fetchQrCode(signal?: AbortSignal): Promise<TQrCode> {
  return apiRequest<TQrCode>('GET', authPaths.wechatQrCode, { signal });
}
