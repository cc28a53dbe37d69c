import { useLayoutEffect, useRef, useState } from 'react';
import { setNotifier } from '../notify.ts';
import styles from './toaster.module.css';

type Kind = 'success' | 'warning' | 'error';
type Toast = { id: number; kind: Kind; text: string };

/** How long a message stays, as antd's messages do. */
const SHOW_MS = 3_000;

const ICONS: Record<Kind, string> = {
  success: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3-5.6 5.6-2.9-2.9-1.4 1.4 4.3 4.3 7-7-1.4-1.4Z',
  warning: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 13v2h2v-2h-2Zm0-8v6h2V7h-2Z',
  error:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.5 5.1L12 10.6 8.5 7.1 7.1 8.5l3.5 3.5-3.5 3.5 1.4 1.4 3.5-3.5 3.5 3.5 1.4-1.4-3.5-3.5 3.5-3.5-1.4-1.4Z',
};

/**
 * The messages of the pages drawn without antd (sign-in, registration, logout): the API client's
 * errors and the pages' own notes, at the top of the page. Errors are announced at once (an alert),
 * the rest politely (a status). The antd parts of the app put their own in its place while mounted.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  useLayoutEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (kind: Kind) => (text: string) => {
      const id = ++nextId.current;
      // The same text again replaces the one on show (parallel calls failing the same way).
      setToasts((list) => [...list.filter((toast) => toast.text !== text), { id, kind, text }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((toast) => toast.id !== id));
      }, SHOW_MS);
      timers.add(timer);
    };
    const restore = setNotifier({
      success: show('success'),
      warning: show('warning'),
      error: show('error'),
      clear: () => setToasts([]),
    });
    return () => {
      restore();
      timers.forEach(clearTimeout);
    };
  }, []);

  const list = (kinds: Kind[]) =>
    toasts
      .filter((toast) => kinds.includes(toast.kind))
      .map((toast) => (
        <div
          key={toast.id}
          className={`${styles.notice} ${styles[toast.kind]}`}
          data-testid="toast"
          data-kind={toast.kind}
        >
          <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={ICONS[toast.kind]} />
          </svg>
          {toast.text}
        </div>
      ));

  // The live regions are always in the page: a screen reader announces what is added to them.
  return (
    <>
      <div className={styles.stack} role="alert">
        {list(['error'])}
      </div>
      <div className={styles.stack} role="status" style={{ top: toasts.some((t) => t.kind === 'error') ? 56 : 8 }}>
        {list(['success', 'warning'])}
      </div>
    </>
  );
}
