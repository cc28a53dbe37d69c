import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { describe, expect, it } from 'vitest';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';
import { functionMenuOf, grantsOf, requireMainAccount, requirePermission, roleGrantFromRows } from './permissions.ts';

const main: Principal = { userId: 1, mainId: 1, userType: 1, userName: 'boss', sessionId: 1 };
const employee = (): Principal => ({ userId: 2, mainId: 1, userType: 2, userName: 'clerk', sessionId: 2 });

/** A database that answers the grant lookup with fixed rows and counts the calls. */
function fakeDb(rows: { role_id: number; menu_id: number | null }[]) {
  let calls = 0;
  const connection: DatabaseConnection = {
    async executeQuery<R>() {
      calls += 1;
      return { rows: rows as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createDriver: () => ({
        init: async () => undefined,
        acquireConnection: async () => connection,
        beginTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        releaseConnection: async () => undefined,
        destroy: async () => undefined,
      }),
    },
  });
  return { db, calls: () => calls };
}

describe('roleGrantFromRows', () => {
  it('adds ancestors and locked ids, drops unknown and main-only ids', () => {
    const grant = roleGrantFromRows([PERMISSIONS.role.create, 99_999, PERMISSIONS.distributor.page]);
    expect([...grant].sort((a, b) => a - b)).toEqual([1, 250, 253, 254, 255, 260, 277]);
  });
});

describe('grantsOf and requirePermission', () => {
  it('gives a main account everything without asking the database', async () => {
    const { db, calls } = fakeDb([]);
    expect((await grantsOf(db, main)).has(PERMISSIONS.distributor.module)).toBe(true);
    await expect(requirePermission(db, main, PERMISSIONS.role.delete)).resolves.toBeUndefined();
    expect(calls()).toBe(0);
  });

  it("gives an employee its role's grant, looked up once per request", async () => {
    const { db, calls } = fakeDb([{ role_id: 5, menu_id: PERMISSIONS.role.create }]);
    const principal = employee();
    await requirePermission(db, principal, PERMISSIONS.role.create);
    await requirePermission(db, principal, PERMISSIONS.role.page);
    const refused = await requirePermission(db, principal, PERMISSIONS.role.delete).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 403, key: 'forbidden' });
    expect(calls()).toBe(1);
  });

  it('gives an employee nothing when no enabled role of its tenant is found', async () => {
    const { db } = fakeDb([]);
    expect((await grantsOf(db, employee())).size).toBe(0);
    const menu = await functionMenuOf(db, employee());
    expect(menu).toEqual({ button_list: [], menu_list: [], module_list: [], page_list: [], menu_verify: true });
  });

  it('keeps main-only areas to main accounts', () => {
    expect(() => requireMainAccount(main)).not.toThrow();
    expect(() => requireMainAccount(employee())).toThrow(AppError);
  });
});
