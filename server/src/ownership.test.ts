import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one owning module, listed in docs/architecture.md; only the owner writes it.
 * This reads that list and every write in the server's code (Kysely's insertInto, updateTable,
 * deleteFrom, and INSERT/UPDATE/DELETE in raw SQL) and checks they agree. Seeds and test
 * factories are fixtures and left out.
 */

const src = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(src, '../..');

function owners(): Map<string, string> {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.split('<!-- table-owners')[1]?.split('<!-- /table-owners -->')[0];
  if (!section) throw new Error('docs/architecture.md has no table-owners section');
  const map = new Map<string, string>();
  for (const match of section.matchAll(/^\| `([a-z_]+)` \| `([^`]+)` \|$/gm)) map.set(match[1]!, match[2]!);
  return map;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'seeds' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const WRITE = [
  /\b(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)/g,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)\b/g,
];

/** Every (file, table) write in the server, files relative to server/src. */
function writes(): { file: string; table: string }[] {
  const found: { file: string; table: string }[] = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of WRITE) {
      for (const match of text.matchAll(pattern)) found.push({ file: path.relative(src, file), table: match[1]! });
    }
  }
  return found;
}

const isOwnedBy = (file: string, owner: string) => file === owner || file.startsWith(`${owner}/`);

describe('table ownership', () => {
  it('lists an owner for every table of the schema', () => {
    const schema = readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
    const database = schema.split('export interface Database {')[1]!.split('}')[0]!;
    const tables = [...database.matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1]);
    expect([...owners().keys()].sort()).toEqual(tables.sort());
  });

  it('finds the writes of the code (the check would see a stray one)', () => {
    const found = writes();
    expect(found).toContainEqual({ file: 'modules/accounts/repository.ts', table: 'users' });
    expect(found).toContainEqual({ file: 'platform/audit.ts', table: 'audit_log' });
    expect(found.length).toBeGreaterThan(30);
  });

  it('has every table written by its owner only', () => {
    const map = owners();
    const strays = writes().filter(({ file, table }) => {
      const owner = map.get(table);
      return owner !== undefined && !isOwnedBy(file, owner);
    });
    expect(strays).toEqual([]);
  });
});
