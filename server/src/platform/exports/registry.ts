import type { TLanguage } from '@seller-centre/contract/i18n';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A column of an export: its header in each language and how a row gives its value. */
export type ExportColumn<Row> = {
  header: Record<TLanguage, string>;
  value: (row: Row, lang: TLanguage) => unknown;
};

/**
 * What a module registers to make one of its lists exportable. `streamRows` yields the rows
 * the list would show for these filters, in a stable order, a batch (page) at a time (see
 * `keysetPages`), so a file of a million rows never holds them all in memory; batches rather
 * than single rows, as a million awaits per file cost seconds.
 */
export type ExportProducer<Filters = unknown, Row = unknown> = {
  /** The file name's stem, in the asker's language (a timestamp and the extension are added). */
  fileStem: Record<TLanguage, string>;
  /** Checks the filters as sent; throws an AppError (400 naming the field) when they are wrong. */
  parseFilters(raw: unknown): Filters;
  countRows(db: Db, tenantId: number, filters: Filters): Promise<number>;
  streamRows(db: Db, tenantId: number, filters: Filters): AsyncIterable<readonly Row[]>;
  columns: ExportColumn<Row>[];
};

const producers = new Map<string, ExportProducer>();

/** Makes `type` exportable. Modules call it once, at load. */
export function registerExport<Filters, Row>(type: string, producer: ExportProducer<Filters, Row>): void {
  if (producers.has(type) && producers.get(type) !== producer) throw new Error(`export type ${type} registered twice`);
  producers.set(type, producer as unknown as ExportProducer);
}

export function producerOf(type: string): ExportProducer | undefined {
  return producers.get(type);
}

/**
 * Rows per keyset page of an export: enough that a query per page costs little (the next one is
 * read while this one is written), few enough that the page read ahead dies young. The rows of
 * the next page live while this one is formatted; with 2,000-row pages the workbook's XML made
 * meanwhile outlasted two scavenges and they were promoted to the old generation (about 300 MB a
 * million XLSX rows; measured with --trace-gc-nvp).
 */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Rows page by page by a keyset (`after` is the last row of the page before), so each query is
 * an index range, whatever the page number: what `streamRows` implementations use. The next
 * page is asked for before this one is handed on, so the database reads it while Node formats
 * and writes this one (each has a core of its own); at most two pages are held.
 */
export async function* keysetPages<Row>(
  fetchPage: (after: Row | undefined, limit: number) => Promise<Row[]>,
  pageSize = EXPORT_PAGE_ROWS,
): AsyncIterable<Row[]> {
  let next: Promise<Row[]> | undefined = fetchPage(undefined, pageSize);
  try {
    while (next) {
      const page: Row[] = await next;
      next = page.length < pageSize ? undefined : fetchPage(page[page.length - 1], pageSize);
      if (page.length > 0) yield page;
    }
  } finally {
    // A reader that stops early (an error, a closed download) leaves a page in flight: its
    // failure must not surface as an unhandled rejection.
    void next?.catch(() => undefined);
  }
}

/** What a keyset page remembers of its last row: its sort time as the database's text, and its id. */
export type KeysetKey = { keyset_at: string; id: number };

/**
 * The sort time of a row as the database's own text, selected `AS keyset_at` beside the row's
 * columns. A JS Date keeps milliseconds and the column keeps microseconds: a key read back as a
 * Date would skip the rows that share the last row's millisecond (rows written by one
 * transaction share its now()).
 */
export function keysetTime(column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)}::text`;
}

/**
 * The rows after `after` in (time DESC, id DESC) order, as one row comparison: PostgreSQL reads
 * it as a range of the (…, time DESC, id DESC) index, where `time < t OR (time = t AND id < i)`
 * is only a filter, and every page would scan the index again from its first row.
 */
export function keysetBefore(timeColumn: string, idColumn: string, after: KeysetKey): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${after.keyset_at}::timestamptz, ${after.id})`;
}
