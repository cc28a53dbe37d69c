import { useRef, type KeyboardEvent } from 'react';
import styles from './segmented.module.css';

type Option<V extends string> = { value: V; label: string; testId: string };

/**
 * Two or three choices side by side, one of them on (a radio group: the arrow keys move the
 * choice), drawn like antd's Segmented.
 */
export function Segmented<V extends string>({
  value,
  onChange,
  options,
}: {
  value: V;
  onChange: (value: V) => void;
  options: readonly Option<V>[];
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.value);
    buttons.current[next]?.focus();
  };
  return (
    <div role="radiogroup" className={styles.group} onKeyDown={onKeyDown}>
      {options.map((option, i) => (
        <button
          key={option.value}
          ref={(element) => {
            buttons.current[i] = element;
          }}
          type="button"
          role="radio"
          aria-checked={i === index}
          tabIndex={i === index ? 0 : -1}
          className={i === index ? `${styles.item} ${styles.selected}` : styles.item}
          onClick={() => onChange(option.value)}
        >
          <span data-testid={option.testId}>{option.label}</span>
        </button>
      ))}
    </div>
  );
}
