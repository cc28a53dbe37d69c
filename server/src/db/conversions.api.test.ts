import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/build-app.ts';
import type { DbHandle } from './client.ts';

/**
 * How numbers come out of the database, set once in db/client.ts for PGlite and PostgreSQL
 * alike: bigint as a JS number (refused when it would lose precision), numeric as a decimal
 * string, never a float.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => handle.close());

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(handle.db)).rows[0]!;

describe('numbers read from the database', () => {
  it('reads bigint, bigint arrays and counts as numbers', async () => {
    const row = await one(
      sql<{ id: unknown; ids: unknown; n: unknown; fen: unknown }>`SELECT 100001::bigint AS id,
        ARRAY[3, NULL, 9007199254740991]::bigint[] AS ids, count(*) AS n, 123456789012::bigint AS fen
        FROM (VALUES (1), (2)) v(x)`,
    );
    expect(row).toEqual({ id: 100001, ids: [3, null, 9007199254740991], n: 2, fen: 123456789012 });
  });

  it('refuses a bigint beyond 2^53 instead of rounding it', async () => {
    await expect(one(sql`SELECT 9007199254740993::bigint AS big`)).rejects.toThrow(/beyond a safe JS integer/);
    await expect(one(sql`SELECT ARRAY[1, 9007199254740993]::bigint[] AS big`)).rejects.toThrow(/safe JS integer/);
  });

  it('keeps numeric as the exact decimal string', async () => {
    const row = await one(sql<{ price: unknown; sum: unknown }>`SELECT 0.10::numeric(12, 2) + 0.20 AS price,
      sum(x) AS sum FROM (VALUES (123456789012345678::bigint), (1::bigint)) v(x)`);
    expect(row).toEqual({ price: '0.30', sum: '123456789012345679' });
  });
});
