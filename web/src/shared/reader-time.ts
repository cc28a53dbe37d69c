import { formatDate, formatDateTime } from './format.ts';
import { useHydrated } from './hydrated.ts';

/**
 * Times in the reader's zone, which a server drawing the page does not know: `none` (or nothing)
 * until the app has taken the page over, then the date, or the date and time, as the reader's
 * clock reads them (`none`, else '-', for no time).
 */
export function useReaderTime(): {
  date: (value: string | null | undefined, none?: string) => string;
  dateTime: (value: string | null | undefined, none?: string) => string;
} {
  const hydrated = useHydrated();
  return {
    date: (value, none) => (hydrated ? formatDate(value, none) : (none ?? '')),
    dateTime: (value, none) => (hydrated ? formatDateTime(value, none) : (none ?? '')),
  };
}
