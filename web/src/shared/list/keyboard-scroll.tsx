import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A table that scrolls inside itself (antd `scroll`) gets its scrolling box made focusable and
 * named, so a keyboard user can scroll it too (axe: scrollable-region-focusable). antd renders
 * the box itself, so it is marked after each render.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (box.tabIndex !== 0) box.tabIndex = 0;
        // A name is only allowed on an element with a role: the box is a named region.
        if (!box.getAttribute('role')) box.setAttribute('role', 'region');
        if (!box.getAttribute('aria-label')) box.setAttribute('aria-label', label);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return <div ref={ref}>{children}</div>;
}
