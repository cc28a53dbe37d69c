import type { TLanguage } from '@seller-centre/contract/i18n';
import type { Db } from '../../db/client.ts';

/** A column of an export: its header in each language and how a row gives its value. */
export type ExportColumn<Row> = {
  header: Record<TLanguage, string>;
  value: (row: Row, lang: TLanguage) => unknown;
};

/**
 * What a module registers to make one of its lists exportable. `streamRows` yields the rows
 * the list would show for these filters, in a stable order, a page at a time (see
 * `keysetPages`), so a file of a million rows never holds them all in memory.
 */
export type ExportProducer<Filters = unknown, Row = unknown> = {
  /** The file name's stem, in the asker's language (a timestamp and the extension are added). */
  fileStem: Record<TLanguage, string>;
  /** Checks the filters as sent; throws an AppError (400 naming the field) when they are wrong. */
  parseFilters(raw: unknown): Filters;
  countRows(db: Db, tenantId: number, filters: Filters): Promise<number>;
  streamRows(db: Db, tenantId: number, filters: Filters): AsyncIterable<Row>;
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
 * Rows page by page by a keyset (`after` is the last row of the page before), so each query is
 * an index range, whatever the page number: what `streamRows` implementations use.
 */
export async function* keysetPages<Row>(
  fetchPage: (after: Row | undefined, limit: number) => Promise<Row[]>,
  pageSize = 1000,
): AsyncIterable<Row> {
  let after: Row | undefined;
  for (;;) {
    const page = await fetchPage(after, pageSize);
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}
