import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog on top: the last open antd modal in the document. */
function topDialog(): HTMLElement | undefined {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter(
    (wrap) => wrap.style.display !== 'none' && wrap.querySelector('.ant-modal'),
  );
  return open.at(-1)?.querySelector<HTMLElement>('.ant-modal') ?? undefined;
}

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getAttribute('aria-hidden') !== 'true' && el.offsetParent !== null,
  );
}

/**
 * Keyboard focus and dialogs, for every dialog of the app:
 * - Tab and Shift+Tab wrap around inside an open dialog. antd pulls focus back when it lands on
 *   the page behind, but a dialog is the last thing in the document, so Tab from its last
 *   control would leave the page for the browser's own toolbar instead.
 * - When a dialog goes away, focus returns to what had it before (the button that opened it).
 *   antd does this for a dialog it closes itself, not for one the page stops rendering.
 */
export function useDialogFocusTrap(): void {
  useEffect(() => {
    let before: HTMLElement | null = null;
    let dialogOpen = false;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && !target.closest('.ant-modal-wrap')) before = target;
    };
    const observer = new MutationObserver(() => {
      const open = topDialog() !== undefined;
      if (dialogOpen && !open && document.activeElement === document.body && before?.isConnected) {
        before.focus({ preventScroll: true });
      }
      dialogOpen = open;
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    document.addEventListener('focusin', onFocusIn);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const dialog = topDialog();
      if (!dialog) return;
      const items = focusablesIn(dialog);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items.at(-1)!;
      const active = document.activeElement as HTMLElement | null;
      const inside = active !== null && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
