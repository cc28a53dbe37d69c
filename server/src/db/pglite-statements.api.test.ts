import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptStatements, type PgliteClient } from './pglite-statements.ts';

let lite: PGlite;
let client: PgliteClient;
beforeAll(async () => {
  lite = new PGlite();
  await lite.waitReady;
  client = keptStatements(lite);
});
afterAll(async () => client.close());

const prepared = async () =>
  (await lite.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

describe('PGlite statements kept prepared', () => {
  it('parses a statement once and answers each run with its own values', async () => {
    const text = 'SELECT $1::int + $2::int AS sum, $3::text AS label';
    expect((await client.query(text, [1, 2, 'a'])).rows).toEqual([{ sum: 3, label: 'a' }]);
    expect((await client.query(text, [40, 2, null])).rows).toEqual([{ sum: 42, label: null }]);
    expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
  });

  it('counts the rows a write touched, and takes bytes, dates and arrays as parameters', async () => {
    await lite.exec('CREATE TABLE kept_rows (id int PRIMARY KEY, data bytea, at timestamptz, tags text[])');
    const insert = 'INSERT INTO kept_rows (id, data, at, tags) VALUES ($1, $2, $3, $4)';
    const at = new Date('2026-01-02T03:04:05Z');
    await client.query(insert, [1, Buffer.from([1, 2, 3]), at, ['x', 'y']]);
    await client.query(insert, [2, Buffer.from([4]), at, []]);
    const update = await client.query('UPDATE kept_rows SET tags = $1 WHERE id > $2', [['z'], 0]);
    expect(update.affectedRows).toBe(2);
    const row = (
      await client.query<{ data: Uint8Array; at: Date; tags: string[] }>(
        'SELECT data, at, tags FROM kept_rows WHERE id = $1',
        [1],
      )
    ).rows[0]!;
    expect([...row.data]).toEqual([1, 2, 3]);
    expect(row.at.toISOString()).toBe(at.toISOString());
    expect(row.tags).toEqual(['z']);
  });

  it('stays usable after a statement fails, and does not keep one that does not parse', async () => {
    const divide = 'SELECT 10 / $1::int AS q';
    await expect(client.query(divide, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    await expect(client.query('SELEC 1', [])).rejects.toMatchObject({ code: '42601' });
    expect(await prepared()).not.toContain('SELEC 1');
  });

  it('answers with the new columns once a table it read has changed', async () => {
    await lite.exec('CREATE TABLE kept_shape (a int)');
    await lite.exec('INSERT INTO kept_shape VALUES (1)');
    const text = 'SELECT * FROM kept_shape WHERE a = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
    // Forgotten after DDL (what migrations do): the next run parses again.
    await lite.exec('ALTER TABLE kept_shape ADD COLUMN b int DEFAULT 2');
    await client.forgetStatements();
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: 2 }]);
    // Not forgotten: PostgreSQL refuses the kept plan once, and the statement is parsed anew.
    await lite.exec('ALTER TABLE kept_shape ADD COLUMN c int DEFAULT 3');
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: 2, c: 3 }]);
  });

  it('keeps at most 256 statements, closing the least recently used', async () => {
    await client.forgetStatements();
    const first = 'SELECT $1::int AS n, 0 AS k';
    await client.query(first, [1]);
    for (let k = 1; k <= 300; k++) await client.query(`SELECT $1::int AS n, ${k} AS k`, [k]);
    const kept = await prepared();
    expect(kept).toHaveLength(256);
    expect(kept).not.toContain(first);
    expect((await client.query(first, [7])).rows).toEqual([{ n: 7, k: 0 }]);
  });
});
