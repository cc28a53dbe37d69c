import { authPaths, type TQrCode } from '@seller-centre/contract/auth';

/**
 * The QR code's life (docs/product.md), shared by the login page and the personal-centre
 * bind: fetch a code, poll every 4 s; once expire_seconds have passed or a poll fails the code
 * is expired and polling stops; a click fetches a new one. Pure, so it can be tested alone.
 */
export const QR_POLL_INTERVAL_MS = 4_000;

export type QrState =
  | { status: 'loading'; attempt: number }
  | { status: 'active'; attempt: number; code: TQrCode; expiresAt: number }
  | { status: 'expired'; attempt: number; code?: TQrCode }
  /** The code could not be fetched at all. */
  | { status: 'failed'; attempt: number }
  /** A poll answered that the code was scanned: polling is over, the page acts on the answer. */
  | { status: 'scanned'; attempt: number; code: TQrCode };

export type QrEvent =
  | { type: 'refresh' }
  | { type: 'loaded'; code: TQrCode; now: number }
  | { type: 'loadFailed' }
  | { type: 'tick'; now: number }
  | { type: 'pollFailed' }
  | { type: 'scanned' };

export const initialQrState: QrState = { status: 'loading', attempt: 0 };

export function qrReducer(state: QrState, event: QrEvent): QrState {
  switch (event.type) {
    case 'refresh':
      // Each refresh is a new attempt, so a late answer for the old code is ignored.
      return { status: 'loading', attempt: state.attempt + 1 };
    case 'loaded':
      if (state.status !== 'loading') return state;
      return {
        status: 'active',
        attempt: state.attempt,
        code: event.code,
        expiresAt: event.now + event.code.expire_seconds * 1000,
      };
    case 'loadFailed':
      return state.status === 'loading' ? { status: 'failed', attempt: state.attempt } : state;
    case 'tick':
      return state.status === 'active' && event.now >= state.expiresAt
        ? { status: 'expired', attempt: state.attempt, code: state.code }
        : state;
    case 'pollFailed':
      return state.status === 'active' ? { status: 'expired', attempt: state.attempt, code: state.code } : state;
    case 'scanned':
      return state.status === 'active' ? { status: 'scanned', attempt: state.attempt, code: state.code } : state;
  }
}

/** What the poller does next in a state: poll now, wait, or nothing (polling stopped). */
export function nextPollStep(state: QrState, now: number): 'poll' | 'expire' | 'stop' {
  if (state.status !== 'active') return 'stop';
  return now >= state.expiresAt ? 'expire' : 'poll';
}

/** Whether the code leads to the local WeChat simulator rather than to WeChat itself. */
export function isSimulatorUrl(url: string): boolean {
  try {
    return new URL(url, 'http://x').pathname === authPaths.devWechatScanPage;
  } catch {
    return false;
  }
}
