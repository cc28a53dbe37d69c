import { authPaths } from '@seller-centre/contract/auth';
import type { WechatProvider } from './provider.ts';

/** The local stand-in: the QR code opens /dev/wechat-scan, which plays the part of WeChat. */
export function createSimulatorProvider(): WechatProvider {
  return {
    name: 'simulator',
    async createQrCode({ sceneMark, publicUrl }) {
      return { url: `${publicUrl}${authPaths.devWechatScanPage}?scene_mark=${encodeURIComponent(sceneMark)}` };
    },
  };
}
