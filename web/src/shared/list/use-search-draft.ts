import { useState } from 'react';

/**
 * What is typed or chosen in a list's search box (its text, its search type) before 'search' is
 * pressed. It follows the searched value whenever that changes from outside (back button, reset,
 * a shared link).
 */
export function useSearchDraft<T = string>(committed: T): [T, (value: T) => void] {
  const [draft, setDraft] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (shown !== committed) {
    setShown(committed);
    setDraft(committed);
  }
  return [draft, setDraft];
}
