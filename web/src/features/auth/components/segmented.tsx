import { useRovingChoice } from './roving-choice.ts';
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
  const { index, onKeyDown, buttonOf } = useRovingChoice(
    options.map((option) => option.value),
    value,
    onChange,
    { ArrowRight: 'next', ArrowDown: 'next', ArrowLeft: 'previous', ArrowUp: 'previous' },
  );
  return (
    <div role="radiogroup" className={styles.group} onKeyDown={onKeyDown}>
      {options.map((option, i) => (
        <button
          key={option.value}
          {...buttonOf(i)}
          type="button"
          role="radio"
          aria-checked={i === index}
          className={i === index ? `${styles.item} ${styles.selected}` : styles.item}
          onClick={() => onChange(option.value)}
        >
          <span data-testid={option.testId}>{option.label}</span>
        </button>
      ))}
    </div>
  );
}
