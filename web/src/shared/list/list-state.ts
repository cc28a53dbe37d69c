/**
 * The state of a server-paged list as it lives in the URL's search parameters: page, page size
 * and filters, so that a reload, the back button and a shared link all show the same list.
 *
 * Each filter has a codec that reads its value from the parameters (anything missing or
 * malformed falls back to the filter's default, so a hand-edited link never breaks the page)
 * and writes it back (a default value is left out, so plain lists keep plain URLs). Parameters
 * the list does not own (the personal centre's `active`, another list's) are kept as they are.
 */

// Methods (not function-typed properties) so that a codec of any value fits `FilterCodecs`.
export type FilterCodec<T> = {
  /** The value when the URL says nothing (or nonsense). A function for time-relative defaults. */
  defaultValue: () => T;
  /**
   * The default while the reader's clock is not known (a page drawn by the server, until the
   * browser has taken it over), for a default that depends on it: 'last 7 days' is another range
   * in another time zone.
   */
  defaultBeforeClock?: () => T;
  /** Reads the value; `names` are the parameter names this filter owns. */
  read(params: URLSearchParams, names: readonly string[]): T | undefined;
  /** Writes a non-default value (the caller has removed the filter's parameters first). */
  write(params: URLSearchParams, names: readonly string[], value: T): void;
  /** Equality used to leave a default out of the URL. */
  equals(a: T, b: T): boolean;
  /** Parameter names relative to the filter's key; one unless the filter spans several. */
  suffixes: readonly string[];
};

export type FilterCodecs = Record<string, FilterCodec<unknown>>;
export type FilterValues<F extends FilterCodecs> = { [K in keyof F]: F[K] extends FilterCodec<infer T> ? T : never };

export type ListState<F extends FilterCodecs, S extends number = number> = {
  page: number;
  limit: S;
  filters: FilterValues<F>;
};

export type ListStateConfig<F extends FilterCodecs, S extends number = number> = {
  /** The contract's page sizes for this list; the first one is the default unless `defaultPageSize`. */
  pageSizes: readonly S[];
  defaultPageSize?: S;
  filters: F;
  /** Prefix of every parameter name (`flow.` → `flow.page`), for two lists in one URL. */
  prefix?: string;
};

const same = <T>(a: T, b: T) => a === b;

function single(params: URLSearchParams, names: readonly string[]): string | undefined {
  const value = params.get(names[0]!);
  return value === null ? undefined : value;
}

/** Free text, trimmed; empty means no filter. */
export function textFilter(options: { maxLength?: number } = {}): FilterCodec<string> {
  return {
    defaultValue: () => '',
    read: (params, names) =>
      single(params, names)
        ?.trim()
        .slice(0, options.maxLength ?? 200),
    write: (params, names, value) => {
      const text = value.trim();
      if (text) params.set(names[0]!, text);
    },
    equals: (a, b) => a.trim() === b.trim(),
    suffixes: [''],
  };
}

/**
 * One of a fixed set of values (a status, a type); anything else reads as the default. A list
 * whose default is not 'all' names its 'all' value among the choices (as the contract's tabs do,
 * e.g. -1), since clearing the choice means going back to the default.
 */
export function choiceFilter<const T extends string | number>(choices: readonly T[], defaultValue: T): FilterCodec<T>;
export function choiceFilter<const T extends string | number>(choices: readonly T[]): FilterCodec<T | undefined>;
export function choiceFilter<const T extends string | number>(
  choices: readonly T[],
  defaultValue?: T,
): FilterCodec<T | undefined> {
  return {
    defaultValue: () => defaultValue,
    read: (params, names) => {
      const raw = single(params, names);
      return raw === undefined ? undefined : choices.find((c) => String(c) === raw);
    },
    write: (params, names, value) => {
      if (value !== undefined) params.set(names[0]!, String(value));
    },
    equals: same,
    suffixes: [''],
  };
}

/** Several values of a fixed or open set (platforms, shops), as one comma-joined parameter. */
export function listFilter<const T extends string | number = string>(
  options: { choices?: readonly T[]; numeric?: T extends number ? true : false } = {},
): FilterCodec<T[]> {
  const parseItem = (raw: string): T | undefined => {
    if (options.choices) return options.choices.find((c) => String(c) === raw);
    if (options.numeric) return /^-?\d+$/.test(raw) ? (Number(raw) as T) : undefined;
    return raw as T;
  };
  return {
    defaultValue: () => [],
    read: (params, names) => {
      const raw = single(params, names);
      if (raw === undefined) return undefined;
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(parseItem)
        .filter((v): v is T => v !== undefined);
      return [...new Set(items)];
    },
    write: (params, names, value) => {
      if (value.length > 0) params.set(names[0]!, value.map(String).join(','));
    },
    equals: (a, b) => a.length === b.length && a.every((v, i) => v === b[i]),
    suffixes: [''],
  };
}

/** A yes/no switch ('show disabled'), written as 1 or 0. */
export function switchFilter(defaultValue = false): FilterCodec<boolean> {
  return {
    defaultValue: () => defaultValue,
    read: (params, names) => {
      const raw = single(params, names);
      return raw === '1' ? true : raw === '0' ? false : undefined;
    },
    write: (params, names, value) => params.set(names[0]!, value ? '1' : '0'),
    equals: same,
    suffixes: [''],
  };
}

/** A calendar day, `YYYY-MM-DD`, as the URL and the date filters carry it. */
export type DayString = string;

export type DateRange = { from: DayString; to: DayString } | null;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A range of days, in two parameters `<key>From` and `<key>To` (inclusive both ends; the query
 * turns them into 00:00:00 and 23:59:59). `defaultValue` may be relative to today ('last 7
 * days'): a link without dates then means the same relative range whenever it is opened.
 * `null` is 'any time', written as empty parameters when it is not the default.
 */
export function dateRangeFilter(defaultValue: () => DateRange = () => null): FilterCodec<DateRange> {
  return {
    defaultValue,
    defaultBeforeClock: () => null,
    read: (params, names) => {
      const from = params.get(names[0]!);
      const to = params.get(names[1]!);
      if (from === null && to === null) return undefined;
      if (from === '' && to === '') return null;
      if (from === null || to === null || !isDay(from) || !isDay(to)) return undefined;
      return from <= to ? { from, to } : { from: to, to: from };
    },
    write: (params, names, value) => {
      params.set(names[0]!, value?.from ?? '');
      params.set(names[1]!, value?.to ?? '');
    },
    equals: (a, b) => (a === null || b === null ? a === b : a.from === b.from && a.to === b.to),
    suffixes: ['From', 'To'],
  };
}

function paramNames(prefix: string, key: string, codec: FilterCodec<unknown>): string[] {
  return codec.suffixes.map((suffix) => `${prefix}${key}${suffix}`);
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

function defaultPageSizeOf<S extends number>(
  config: Pick<ListStateConfig<FilterCodecs, S>, 'pageSizes' | 'defaultPageSize'>,
): S {
  return config.defaultPageSize ?? config.pageSizes[0]!;
}

/** The default filters of a list (what 'reset' goes back to). */
export function defaultFilters<F extends FilterCodecs>(filters: F): FilterValues<F> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, codec]) => [key, codec.defaultValue()]),
  ) as FilterValues<F>;
}

/** Reads a list's state from the URL; what is missing or malformed is the default. */
export function readListState<F extends FilterCodecs, S extends number>(
  params: URLSearchParams,
  config: ListStateConfig<F, S>,
  clockKnown = true,
): ListState<F, S> {
  const prefix = config.prefix ?? '';
  const limitRaw = positiveInt(params.get(`${prefix}limit`));
  const limit = (config.pageSizes as readonly number[]).includes(limitRaw ?? -1)
    ? (limitRaw as S)
    : defaultPageSizeOf(config);
  const filters = Object.fromEntries(
    Object.entries(config.filters).map(([key, codec]) => {
      const value = codec.read(params, paramNames(prefix, key, codec));
      if (value !== undefined) return [key, value];
      return [key, !clockKnown && codec.defaultBeforeClock ? codec.defaultBeforeClock() : codec.defaultValue()];
    }),
  ) as FilterValues<F>;
  return { page: positiveInt(params.get(`${prefix}page`)) ?? 1, limit, filters };
}

/**
 * Writes a list's state into a copy of the URL's parameters: the list's own parameters are
 * replaced, defaults left out, everything else kept.
 */
export function writeListState<F extends FilterCodecs, S extends number>(
  params: URLSearchParams,
  config: ListStateConfig<F, S>,
  state: ListState<F, S>,
): URLSearchParams {
  const prefix = config.prefix ?? '';
  const next = new URLSearchParams(params);
  next.delete(`${prefix}page`);
  next.delete(`${prefix}limit`);
  if (state.page > 1) next.set(`${prefix}page`, String(state.page));
  if (state.limit !== defaultPageSizeOf(config)) next.set(`${prefix}limit`, String(state.limit));
  for (const [key, codec] of Object.entries(config.filters)) {
    const names = paramNames(prefix, key, codec);
    for (const name of names) next.delete(name);
    const value = (state.filters as Record<string, unknown>)[key];
    if (!codec.equals(value, codec.defaultValue())) codec.write(next, names, value);
  }
  return next;
}

/** The state after new filter values: back to page 1, as any new search starts there. */
export function withFilters<F extends FilterCodecs, S extends number>(
  state: ListState<F, S>,
  patch: Partial<FilterValues<F>>,
): ListState<F, S> {
  return { ...state, page: 1, filters: { ...state.filters, ...patch } };
}

/** The state after the pager moved: a new page size starts again at page 1. */
export function withPage<F extends FilterCodecs, S extends number>(
  state: ListState<F, S>,
  page: number,
  limit: S = state.limit,
): ListState<F, S> {
  return { ...state, page: limit !== state.limit ? 1 : Math.max(1, page), limit };
}
