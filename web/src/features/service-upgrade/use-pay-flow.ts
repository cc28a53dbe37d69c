import { useCallback, useEffect, useRef, useState } from 'react';
import { nextPayPollStep, PAY_POLL_INTERVAL_MS } from './payment-polling.ts';

/**
 * What generating an order gives: the code to scan, the order to ask about, and the amounts the
 * server decided (the price, the coupon's share, what the code charges), in yuan.
 */
export type PayOrder = {
  qrcode: string;
  order_code: string;
  original_price?: string;
  discount?: string;
  amount?: string;
};

export type PayFlow =
  | { status: 'idle' }
  | { status: 'creating' }
  | { status: 'waiting'; order: PayOrder; startedAt: number }
  | { status: 'expired'; order: PayOrder }
  | { status: 'failed'; order: PayOrder; startedAt: number }
  | { status: 'paid'; order: PayOrder };

type Options = {
  /** One order-state check; true once the order is paid. */
  check: (order: PayOrder, signal: AbortSignal) => Promise<boolean>;
  /** Called once, when a check first says paid. */
  onPaid: (order: PayOrder) => void;
  /** Whether the user is looking at the code: asking stops while not (docs/product.md: on leaving). */
  watching: boolean;
  intervalMs?: number;
};

/**
 * One payment at a time (docs/product.md): generate the order, then ask its state every 3 s
 * while the code is shown, until it is paid, 5 minutes have passed, a check fails, or the user
 * leaves (closes the dialog, switches page). A failed generation starts no asking at all.
 */
export function usePayFlow({ check, onPaid, watching, intervalMs = PAY_POLL_INTERVAL_MS }: Options) {
  const [flow, setFlow] = useState<PayFlow>({ status: 'idle' });
  const callbacks = useRef({ check, onPaid });
  useEffect(() => {
    callbacks.current = { check, onPaid };
  });

  const waitingOrder = flow.status === 'waiting' ? flow.order : undefined;
  const startedAt = flow.status === 'waiting' ? flow.startedAt : 0;
  useEffect(() => {
    if (!waitingOrder || !watching) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const step = () => {
      if (stopped) return;
      if (nextPayPollStep(startedAt, Date.now()) === 'expire') {
        setFlow({ status: 'expired', order: waitingOrder });
        return;
      }
      callbacks.current.check(waitingOrder, controller.signal).then(
        (paid) => {
          if (stopped) return;
          if (paid) {
            setFlow({ status: 'paid', order: waitingOrder });
            callbacks.current.onPaid(waitingOrder);
            return;
          }
          timer = setTimeout(step, intervalMs);
        },
        () => {
          if (!stopped) setFlow({ status: 'failed', order: waitingOrder, startedAt });
        },
      );
    };
    timer = setTimeout(step, intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [waitingOrder, startedAt, watching, intervalMs]);

  const creating = useRef(false);
  /** Generates a new order (the caller names the one it replaces, which the server closes); resolves whether it worked. */
  const start = useCallback(async (generate: () => Promise<PayOrder>): Promise<boolean> => {
    if (creating.current) return false;
    creating.current = true;
    setFlow({ status: 'creating' });
    try {
      const order = await generate();
      setFlow({ status: 'waiting', order, startedAt: Date.now() });
      return true;
    } catch {
      // The API client has said why; nothing is polled for an order that does not exist.
      setFlow({ status: 'idle' });
      return false;
    } finally {
      creating.current = false;
    }
  }, []);

  /** After a failed check: ask again, within the same 5 minutes. */
  const retry = useCallback(
    () => setFlow((current) => (current.status === 'failed' ? { ...current, status: 'waiting' } : current)),
    [],
  );

  const reset = useCallback(() => setFlow({ status: 'idle' }), []);

  return { flow, start, retry, reset };
}
