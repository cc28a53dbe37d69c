import { useState } from 'react';

/**
 * The text typed in a list's search box before 'search' is pressed. It follows the searched
 * value whenever that changes from outside (back button, reset, a shared link).
 */
export function useSearchDraft(committed: string): [string, (value: string) => void] {
  const [draft, setDraft] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (shown !== committed) {
    setShown(committed);
    setDraft(committed);
  }
  return [draft, setDraft];
}
