import { useId, type ReactNode } from 'react';
import styles from './login-tabs.module.css';
import { useRovingChoice } from './roving-choice.ts';

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
  const { index, onKeyDown, buttonOf } = useRovingChoice(
    tabs.map((tab) => tab.key),
    active,
    onChange,
    { ArrowRight: 'next', ArrowLeft: 'previous', Home: 'first', End: 'last' },
  );
  const shown = tabs[index]!;

  return (
    <>
      <div role="tablist" className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            {...buttonOf(i)}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${tab.key}`}
            className={styles.tab}
            onClick={() => onChange(tab.key)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${shown.key}`} aria-labelledby={`${id}-tab-${shown.key}`}>
        {shown.content}
      </div>
    </>
  );
}
