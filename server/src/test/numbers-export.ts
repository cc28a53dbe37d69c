import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { AppError } from '../platform/errors.ts';
import { keysetPages, registerExport } from '../platform/exports/registry.ts';

/** `n` rows; `hangAt`: the row whose page never comes while the producer is told to hang. */
export type NumbersFilters = { n: number; hangAt?: number };

/**
 * A made-up export type for the export tests: the numbers 1..n, read from the database a keyset
 * page at a time as the real producers read their rows, and a text cell `text(i)` beside each.
 * While `hanging` is set, the page holding row `hangAt` never comes (a worker stopped dead).
 */
export function registerNumbersExport(type: string, text: (i: number) => string, pageSize = 500) {
  const control = { hanging: false };
  registerExport<NumbersFilters, { i: number }>(type, {
    fileStem: { zh: '数字', kr: '숫자', th: 'ตัวเลข' },
    parseFilters(raw) {
      const f = raw as NumbersFilters;
      if (!Number.isInteger(f?.n) || f.n < 0) throw AppError.invalidField('n', 'a count');
      return f;
    },
    countRows: async (_db, _tenant, f) => f.n,
    async *streamRows(db: Db, _tenant, f) {
      const pages = keysetPages<{ i: number }>(async (after, limit) => {
        const from = (after?.i ?? 0) + 1;
        const { rows } = await sql<{
          i: number;
        }>`SELECT i::int AS i FROM generate_series(${from}::int, ${f.n}::int) AS i LIMIT ${limit}`.execute(db);
        return rows;
      }, pageSize);
      for await (const page of pages) {
        if (f.hangAt && control.hanging && page.some((row) => row.i === f.hangAt)) await new Promise(() => undefined);
        yield page;
      }
    },
    columns: [
      { header: { zh: '序号', kr: '번호', th: 'ลำดับ' }, value: (r) => r.i },
      { header: { zh: '说明', kr: '설명', th: 'คำอธิบาย' }, value: (r) => text(r.i) },
    ],
  });
  return control;
}
