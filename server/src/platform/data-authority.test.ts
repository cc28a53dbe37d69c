import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import type { Principal } from './auth.ts';
import { ownDataVisibleTo, scopeCovers, visibleTo } from './data-authority.ts';

const scopes = new Map();
const main: Principal = {
  userId: 7,
  tenantId: 7,
  userType: 1,
  userName: 'boss',
  sessionId: 1,
  role: null,
  dataScopes: scopes,
};
const employee: Principal = {
  userId: 9,
  tenantId: 7,
  userType: 2,
  userName: 'clerk',
  sessionId: 2,
  role: { id: 5, menuIds: [] },
  dataScopes: scopes,
};

// Compiles queries without a database, to see the SQL and parameters a condition adds.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('visibleTo: data authority as a condition any query adds', () => {
  it('lets a main account see every row of its tenant, adding no parameter', () => {
    const q = db
      .selectFrom('shops as s')
      .select('s.id')
      .where('s.main_id', '=', 7)
      .where((eb) => visibleTo(eb, main, 'shops', 's.id'))
      .compile();
    expect(q.sql).toMatch(/where "s"\."main_id" = \$1 and TRUE$/);
    expect(q.parameters).toEqual([7]);
  });

  it("narrows an employee to its own setting, numbering its parameters after the query's own", () => {
    const q = db
      .selectFrom('warehouses as w')
      .select('w.id')
      .where('w.main_id', '=', 7)
      .where('w.name', '=', 'x')
      .where((eb) => visibleTo(eb, employee, 'warehouses', 'w.id'))
      .compile();
    expect(q.parameters.slice(0, 2)).toEqual([7, 'x']);
    // the employee and the warehouses area (12), bound, never spliced into the text
    expect(q.parameters.slice(2)).toEqual([9, 12, 1, 9, 12, 9, 12, 2]);
    expect(q.sql).toContain('"w"."id" in (select "di"."item_id" from "employee_data_items" as "di"');
    expect(q.sql.replace(/\$\d+/g, '$')).not.toMatch(/\b(9|12)\b/);
    expect(q.sql).not.toContain('"w"."id" = $');
  });

  it('always shows an employee its own row in the employees area', () => {
    const q = db
      .selectFrom('users as u')
      .select('u.id')
      .where((eb) => visibleTo(eb, employee, 'employees', 'u.id'))
      .compile();
    expect(q.sql).toMatch(/or "u"\."id" = \$\d+\)$/);
    expect(q.parameters.at(-1)).toBe(9);
    expect(q.parameters).toContain(18);
  });

  it('limits own-data areas to the creator for type 3', () => {
    const q = db
      .selectFrom('users as p')
      .select('p.id')
      .where('p.main_id', '=', 7)
      .where((eb) => ownDataVisibleTo(eb, employee, 'productLibrary', 'p.created_by'))
      .compile();
    expect(q.parameters).toEqual([7, 9, 13, 1, 3, 9]);
    expect(q.sql).toContain('"p"."created_by" = $6');
    const all = db
      .selectFrom('users as p')
      .select('p.id')
      .where((eb) => ownDataVisibleTo(eb, main, 'purchase', 'p.created_by'));
    expect(all.compile().sql).toMatch(/where TRUE$/);
  });
});

describe('scopeCovers: nobody grants data they do not have', () => {
  const all = { authType: 1 as const, items: new Set<number>() };
  const some = { authType: 2 as const, items: new Set([1, 2, 3]) };
  const own = { authType: 3 as const, items: new Set<number>() };

  it('from all data, anything', () => {
    expect(scopeCovers(all, { authType: 1, items: [] })).toBe(true);
    expect(scopeCovers(all, { authType: 2, items: [99] })).toBe(true);
  });
  it('from selected items, a subset of them only', () => {
    expect(scopeCovers(some, { authType: 2, items: [1, 3] })).toBe(true);
    expect(scopeCovers(some, { authType: 2, items: [1, 4] })).toBe(false);
    expect(scopeCovers(some, { authType: 1, items: [] })).toBe(false);
  });
  it('from own data, own data only; from nothing, nothing', () => {
    expect(scopeCovers(own, { authType: 3, items: [] })).toBe(true);
    expect(scopeCovers(own, { authType: 1, items: [] })).toBe(false);
    expect(scopeCovers(undefined, { authType: 2, items: [1] })).toBe(false);
  });
});
