import { useRef, type KeyboardEvent } from 'react';

type Move = 'next' | 'previous' | 'first' | 'last';

/**
 * A row of buttons of which one is chosen and alone in the tab order: the keys in `moves` choose
 * another (wrapping around at the ends) and move the focus to it.
 */
export function useRovingChoice<V>(
  values: readonly V[],
  chosen: V,
  onChange: (value: V) => void,
  moves: Readonly<Record<string, Move>>,
) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(0, values.indexOf(chosen));
  const last = values.length - 1;
  const onKeyDown = (event: KeyboardEvent) => {
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = {
      next: index === last ? 0 : index + 1,
      previous: index === 0 ? last : index - 1,
      first: 0,
      last,
    }[move];
    onChange(values[next]!);
    buttons.current[next]?.focus();
  };
  /** What the button of the i-th value takes. */
  const buttonOf = (i: number) => ({
    ref: (element: HTMLButtonElement | null) => {
      buttons.current[i] = element;
    },
    tabIndex: i === index ? 0 : -1,
  });
  return { index, onKeyDown, buttonOf };
}
