import type { WechatProvider } from './provider.ts';

/** Where the simulator's QR code leads: a local page on which a tester confirms the scan. */
export const SIMULATOR_SCAN_PAGE = '/dev/wechat-scan';

/** The local stand-in: the QR code opens /dev/wechat-scan, which plays the part of WeChat. */
export function createSimulatorProvider(): WechatProvider {
  return {
    name: 'simulator',
    async createQrCode({ sceneMark, publicUrl }) {
      return { url: `${publicUrl}${SIMULATOR_SCAN_PAGE}?scene_mark=${encodeURIComponent(sceneMark)}` };
    },
  };
}
