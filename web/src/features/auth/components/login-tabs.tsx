import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './login-tabs.module.css';

export type LoginTab<K extends string> = { key: K; label: string; testId: string; content: ReactNode };

/**
 * An accessible tab list (WAI-ARIA tabs: arrow keys, Home and End move between tabs) showing
 * only the active panel, so an inactive panel's parts are neither rendered nor loaded.
 */
export function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={i === index ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.key)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tabs[index]!.key}`} aria-labelledby={`${id}-tab-${tabs[index]!.key}`}>
        {tabs[index]!.content}
      </div>
    </>
  );
}
