import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/build-app.ts';
import type { DbHandle } from './client.ts';

/**
 * The table types of db/schema.ts against the database the migrations build: the same tables,
 * the same columns, each of the declared type, nullable exactly when declared `| null`, and
 * filled by the database (a default or identity) exactly when declared `Generated<...>`. A
 * migration that adds, drops or changes a column without the matching change in schema.ts
 * fails here.
 */

type Declared = { type: string; nullable: boolean; generated: boolean };

// How schema.ts spells each PostgreSQL type (information_schema's data_type, or udt_name for arrays).
const PG_TYPE_OF: Record<string, string> = {
  Int8: 'bigint',
  Int4: 'integer',
  Int2: 'smallint',
  Numeric: 'numeric',
  Timestamptz: 'timestamp with time zone',
  PgDate: 'date',
  Jsonb: 'jsonb',
  Bytea: 'bytea',
  Int2Array: '_int2',
  string: 'text',
  boolean: 'boolean',
};

/** Reads `interface Database { table: TableInterface }` and each table's columns from the source. */
function declaredSchema(): Map<string, Map<string, Declared>> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts has no interface Database');
  const tables = new Map<string, Map<string, Declared>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableName = member.name.getText(source);
    const table = interfaces.get(member.type.getText(source));
    if (!table) throw new Error(`schema.ts: no interface ${member.type.getText(source)} for ${tableName}`);
    const columns = new Map<string, Declared>();
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      let text = column.type.getText(source).replace(/\s+/g, '');
      const generated = /^Generated<.+>$/.test(text);
      if (generated) text = text.slice('Generated<'.length, -1);
      const parts = text.split('|');
      const nullable = parts.includes('null');
      const type = parts.filter((p) => p !== 'null').join('|');
      columns.set(column.name.getText(source), {
        type: PG_TYPE_OF[type] ?? `unknown type ${type}`,
        nullable,
        generated,
      });
    }
    tables.set(tableName, columns);
  }
  return tables;
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => handle.close());

async function migratedSchema(): Promise<Map<string, Map<string, Declared>>> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
  }>`SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_identity
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
  const tables = new Map<string, Map<string, Declared>>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Map<string, Declared>();
    columns.set(row.column_name, {
      type: row.data_type === 'ARRAY' ? row.udt_name : row.data_type,
      nullable: row.is_nullable === 'YES',
      generated: row.is_identity === 'YES' || row.column_default !== null,
    });
    tables.set(row.table_name, columns);
  }
  return tables;
}

describe('db/schema.ts matches the migrated database', () => {
  it('declares every table the migrations create, and no other', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('declares every column with its type, nullability and default', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema();
    for (const [table, columns] of migrated) {
      const mine = declared.get(table);
      if (!mine) continue;
      // As objects keyed by column, so a failure names the table and column that differ.
      expect({ table, columns: Object.fromEntries(mine) }).toEqual({ table, columns: Object.fromEntries(columns) });
    }
  });

  it('would notice a migration the types do not follow', async () => {
    await sql`ALTER TABLE coupons ADD COLUMN note text`.execute(handle.db);
    await sql`ALTER TABLE users ALTER COLUMN email DROP NOT NULL`.execute(handle.db);
    try {
      const migrated = await migratedSchema();
      const declared = declaredSchema();
      expect(Object.fromEntries(migrated.get('coupons')!)).not.toEqual(Object.fromEntries(declared.get('coupons')!));
      expect(migrated.get('users')!.get('email')).not.toEqual(declared.get('users')!.get('email'));
    } finally {
      await sql`ALTER TABLE coupons DROP COLUMN note`.execute(handle.db);
      await sql`ALTER TABLE users ALTER COLUMN email SET NOT NULL`.execute(handle.db);
    }
  });
});
