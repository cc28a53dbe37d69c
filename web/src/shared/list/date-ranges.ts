import dayjs, { type Dayjs } from 'dayjs';
import type { DateRange, DayString } from './list-state.ts';

/**
 * Day ranges of the bill lists (docs/product.md): the default 'last 7 days to now',
 * the quick ranges offered beside the date picker, and the 00:00:00 to 23:59:59 bounds a query
 * sends for a range of days.
 */

const DAY_FORMAT = 'YYYY-MM-DD';

function toDay(date: Dayjs): DayString {
  return date.format(DAY_FORMAT);
}

/** The last `days` days up to and including today (7 → today and the six days before). */
export function lastDays(days: number, today: Dayjs = dayjs()): DateRange {
  return { from: toDay(today.subtract(days - 1, 'day')), to: toDay(today) };
}

export type QuickRangeKey = 'today' | 'last7Days' | 'last30Days' | 'thisMonth' | 'lastMonth';

/** The quick ranges in the order a picker shows them. */
export function quickRange(key: QuickRangeKey, today: Dayjs = dayjs()): { from: DayString; to: DayString } {
  switch (key) {
    case 'today':
      return { from: toDay(today), to: toDay(today) };
    case 'last7Days':
      return lastDays(7, today)!;
    case 'last30Days':
      return lastDays(30, today)!;
    case 'thisMonth':
      return { from: toDay(today.startOf('month')), to: toDay(today) };
    case 'lastMonth': {
      const month = today.subtract(1, 'month');
      return { from: toDay(month.startOf('month')), to: toDay(month.endOf('month')) };
    }
  }
}

const QUICK_RANGE_KEYS: readonly QuickRangeKey[] = ['today', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth'];

/** antd RangePicker presets for the quick ranges; `label` translates a key (`list.ranges.<key>`). */
export function rangePickerPresets(label: (key: QuickRangeKey) => string, today: Dayjs = dayjs()) {
  return QUICK_RANGE_KEYS.map((key) => {
    const range = quickRange(key, today);
    return { label: label(key), value: [dayjs(range.from), dayjs(range.to)] as [Dayjs, Dayjs] };
  });
}

/** A stored range as the picker's value, and back. */
export function toPickerValue(range: DateRange): [Dayjs, Dayjs] | null {
  return range ? [dayjs(range.from), dayjs(range.to)] : null;
}

export function fromPickerValue(value: readonly [Dayjs | null, Dayjs | null] | null | undefined): DateRange {
  const [from, to] = value ?? [null, null];
  return from && to ? { from: toDay(from), to: toDay(to) } : null;
}

const INSTANT_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ';

/**
 * A range of the browser's days as the instants they are here: the first second of the first
 * day to the last second of the last, each with this time zone's offset on that day
 * ("2026-03-09T00:00:00+07:00" in Bangkok). A server never guesses the zone: a seller in Bangkok
 * or Seoul filtering "today" gets their today.
 */
export function dayRangeInstants(range: DateRange): { start: string; end: string } | undefined {
  if (!range) return undefined;
  return {
    start: dayjs(`${range.from}T00:00:00`).format(INSTANT_FORMAT),
    end: dayjs(`${range.to}T23:59:59`).format(INSTANT_FORMAT),
  };
}
