import { describe, expect, it } from 'vitest';
import {
  initialQrState,
  isSimulatorUrl,
  nextPollStep,
  QR_POLL_INTERVAL_MS,
  qrReducer,
  type QrState,
} from './qr-state.ts';

const code = { url: 'http://host/dev/wechat-scan?scene_mark=abc', scene_mark: 'abcdefgh', expire_seconds: 300 };
const t0 = 1_700_000_000_000;

function active(): QrState {
  return qrReducer(initialQrState, { type: 'loaded', code, now: t0 });
}

describe('the QR code state machine (docs/product.md)', () => {
  it('polls every 4 s', () => {
    expect(QR_POLL_INTERVAL_MS).toBe(4000);
  });

  it('starts loading, then is active until expire_seconds have passed', () => {
    expect(initialQrState.status).toBe('loading');
    const state = active();
    expect(state).toMatchObject({ status: 'active', expiresAt: t0 + 300_000 });
    expect(nextPollStep(state, t0 + 4_000)).toBe('poll');
    expect(nextPollStep(state, t0 + 299_999)).toBe('poll');
    expect(nextPollStep(state, t0 + 300_000)).toBe('expire');
    expect(qrReducer(state, { type: 'tick', now: t0 + 299_999 }).status).toBe('active');
    expect(qrReducer(state, { type: 'tick', now: t0 + 300_000 }).status).toBe('expired');
  });

  it('marks the code expired when a poll fails, and stops polling', () => {
    const expired = qrReducer(active(), { type: 'pollFailed' });
    expect(expired.status).toBe('expired');
    expect(nextPollStep(expired, t0)).toBe('stop');
  });

  it('stops polling once scanned', () => {
    const scanned = qrReducer(active(), { type: 'scanned' });
    expect(scanned).toMatchObject({ status: 'scanned', code });
    expect(nextPollStep(scanned, t0)).toBe('stop');
  });

  it('reports a code that could not be fetched', () => {
    expect(qrReducer(initialQrState, { type: 'loadFailed' }).status).toBe('failed');
  });

  it('refreshes from expired or failed into a new attempt, ignoring late answers for the old one', () => {
    const expired = qrReducer(active(), { type: 'pollFailed' });
    const refreshed = qrReducer(expired, { type: 'refresh' });
    expect(refreshed).toEqual({ status: 'loading', attempt: expired.attempt + 1 });
    // A stale poll answer does not revive anything.
    expect(qrReducer(refreshed, { type: 'scanned' })).toBe(refreshed);
    expect(qrReducer(refreshed, { type: 'pollFailed' })).toBe(refreshed);
    expect(qrReducer(refreshed, { type: 'loaded', code, now: t0 }).status).toBe('active');
  });

  it('ignores a second code arriving while one is active', () => {
    const state = active();
    expect(qrReducer(state, { type: 'loaded', code: { ...code, scene_mark: 'other-scene' }, now: t0 })).toBe(state);
  });
});

describe('isSimulatorUrl', () => {
  it('recognises the local scan page, absolute or relative', () => {
    expect(isSimulatorUrl('http://127.0.0.1:8080/dev/wechat-scan?scene_mark=x')).toBe(true);
    expect(isSimulatorUrl('/dev/wechat-scan?scene_mark=x')).toBe(true);
    expect(isSimulatorUrl('http://weixin.qq.com/q/02abc')).toBe(false);
  });
});
