import type { TQrCode } from '@seller-centre/contract/auth';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchQrCode } from './api.ts';
import { initialQrState, nextPollStep, QR_POLL_INTERVAL_MS, qrReducer, type QrState } from './qr-state.ts';

export type QrPollingOptions<R> = {
  /** One status check for the scene; rejecting marks the code expired. */
  poll: (sceneMark: string) => Promise<R>;
  /** Whether an answer ends polling (the code was scanned). */
  isScanned: (result: R) => boolean;
  /** Called once with the answer that ended polling. */
  onScanned: (result: R, code: TQrCode) => void;
  intervalMs?: number;
  /** Where a new code comes from (the sign-in QR call unless given). */
  fetchCode?: (signal: AbortSignal) => Promise<TQrCode>;
};

/**
 * Fetches a QR code and polls it every 4 s until it is scanned, expires or a check fails
 * (docs/product.md). Unmounting stops everything; `refresh` starts over with a new code.
 */
export function useQrPolling<R>({
  poll,
  isScanned,
  onScanned,
  intervalMs = QR_POLL_INTERVAL_MS,
  fetchCode = fetchQrCode,
}: QrPollingOptions<R>): { state: QrState; refresh: () => void } {
  const [state, dispatch] = useReducer(qrReducer, initialQrState);
  // The latest callbacks, without restarting the poll loop when the parent re-renders.
  const callbacks = useRef({ poll, isScanned, onScanned, fetchCode });
  useEffect(() => {
    callbacks.current = { poll, isScanned, onScanned, fetchCode };
  });

  const attempt = state.attempt;
  const loading = state.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    callbacks.current.fetchCode(controller.signal).then(
      (code) => dispatch({ type: 'loaded', code, now: Date.now() }),
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'loadFailed' });
      },
    );
    return () => controller.abort();
  }, [attempt, loading]);

  const activeCode = state.status === 'active' ? state.code : undefined;
  const expiresAt = state.status === 'active' ? state.expiresAt : 0;
  useEffect(() => {
    if (!activeCode) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const current = { status: 'active', attempt, code: activeCode, expiresAt } as const;

    const step = () => {
      if (stopped) return;
      const next = nextPollStep(current, Date.now());
      if (next === 'expire') {
        dispatch({ type: 'tick', now: Date.now() });
        return;
      }
      if (next !== 'poll') return;
      callbacks.current.poll(activeCode.scene_mark).then(
        (result) => {
          if (stopped) return;
          if (callbacks.current.isScanned(result)) {
            dispatch({ type: 'scanned' });
            callbacks.current.onScanned(result, activeCode);
            return;
          }
          timer = setTimeout(step, intervalMs);
        },
        () => {
          if (!stopped) dispatch({ type: 'pollFailed' });
        },
      );
    };
    timer = setTimeout(step, intervalMs);
    // Shown as expired the moment it expires, not at the next poll.
    const expiry = setTimeout(() => dispatch({ type: 'tick', now: Date.now() }), Math.max(0, expiresAt - Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(expiry);
    };
  }, [activeCode, attempt, expiresAt, intervalMs]);

  const refresh = useCallback(() => dispatch({ type: 'refresh' }), []);
  return { state, refresh };
}
