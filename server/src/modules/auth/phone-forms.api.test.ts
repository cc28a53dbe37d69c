import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/access-factories.ts';
import { transaction, type DbHandle } from '../../db/client.ts';
import { buildTestApp, openTestDb, type TestApp } from '../../test/build-app.ts';
import {
  createMainAccount,
  DEFAULT_PASSWORD,
  queryRows,
  randomIp,
  requestSmsCode,
  uniquePhone,
} from '../../test/factories.ts';

/**
 * One phone written five ways is one phone: for the SMS limits, for registration (one tenant),
 * for signing in, and for the phones employees are given.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const forms = (national: string) => [national, `0${national}`, `86${national}`, `+86${national}`, `0086${national}`];

function send(phone: string, type = 'register:') {
  const query = new URLSearchParams({ agent_id: '3', type, area: '86', phone_number: phone });
  return app.inject({ method: 'GET', url: `/api/v1/sms?${query}`, remoteAddress: randomIp() });
}

describe('a phone written in another form', () => {
  it('shares the SMS limits of the phone: a second code within the minute is refused', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).statusCode).toBe(200);
    for (const other of forms(phone).slice(1)) {
      expect((await send(other)).statusCode, other).toBe(429);
    }
  });

  it('cannot register a second tenant, and signs in to the one account', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(app, { phoneNumber: phone, type: 'register:' });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v2/register',
      payload: { phone_number: `+86${phone}`, area: '86', sms_code: code, checked: true },
    });
    expect(registered.json().code).toBe(200);
    const userId = registered.json().data.user_id;
    const [row] = await queryRows(
      app,
      sql<{ phone_number: string }>`SELECT phone_number FROM users WHERE id = ${userId}`,
    );
    expect(row!.phone_number).toBe(phone);

    // Another form of it is the same, registered phone.
    const again = await send(`0086${phone}`);
    expect(again.json()).toMatchObject({ code: 409 });

    const smsCode = await requestSmsCode(app, { phoneNumber: `0${phone}`, type: 'login:' });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v2/user/login/sms',
      payload: { phone_number: `86${phone}`, area: '86', sms_code: smsCode },
      remoteAddress: randomIp(),
    });
    expect(signedIn.json()).toMatchObject({ code: 200, data: { user_id: userId } });
  });

  it('signs in with a password whatever form the phone is typed in', async () => {
    const { user } = await createMainAccount(app);
    for (const form of forms(user.phoneNumber)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/user/login/mobile',
        payload: { phone_number: form, area: '86', password: DEFAULT_PASSWORD },
        remoteAddress: randomIp(),
      });
      expect(res.json(), form).toMatchObject({ code: 200, data: { user_id: user.id } });
    }
  });

  it('is a phone already taken when given to an employee', async () => {
    const tenant = await createTenant(app);
    const { user } = await createMainAccount(app);
    const role = await app.db
      .insertInto('auth_roles')
      .values({ main_id: tenant.tenantId, name: 'Packer', describe: '', status: 1, created_by: tenant.tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sub-account',
      headers: { authorization: tenant.token },
      payload: {
        user_name: `packer${Date.now().toString(36)}`,
        area: '86',
        phone_number: `+86 ${user.phoneNumber}`,
        password: 'Passw0rd!',
        auth_role_id: role.id,
        shop_auth: { auth_type: 1, auth_data: [] },
        warehouse_auth: { auth_type: 1, auth_value: '' },
      },
    });
    expect(res.json()).toMatchObject({ code: 409, msg: '手机号已被使用，请换一个' });
  });

  it('is refused by the database in any form but the one', async () => {
    const { user } = await createMainAccount(app);
    await expect(
      app.db
        .updateTable('users')
        .set({ phone_number: `0${user.phoneNumber}` })
        .where('id', '=', user.id)
        .execute(),
    ).rejects.toThrow();
  });
});

describe('the migration that normalises phones written before', () => {
  const script = readFileSync(new URL('../../db/migrations/0200_normalised_phones.sql', import.meta.url), 'utf8');

  async function insertRaw(handle: DbHandle, area: string, phone: string): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO users (id, main_id, user_type, area, phone_number)
      SELECT n, n, 1, ${area}, ${phone} FROM nextval(pg_get_serial_sequence('users', 'id')) AS n
      RETURNING id`.execute(handle.db);
    return rows[0]!.id;
  }
  const rerun = (handle: DbHandle) => transaction(handle.db, (tx) => handle.execScript(tx, script));

  it('rewrites each row to the one form, and stops naming the accounts when two turn out to be one', async () => {
    const handle = await openTestDb();
    try {
      // As a database before the rule: no constraint, numbers as people typed them.
      await sql`ALTER TABLE users DROP CONSTRAINT users_phone_normalised`.execute(handle.db);
      const a = await insertRaw(handle, '86', '008613987654321');
      const b = await insertRaw(handle, '66', '0812345679');
      const c = await insertRaw(handle, '86', '0065 9123 4568');
      const d = await insertRaw(handle, '86', '13987654320');
      await rerun(handle);
      const { rows } = await sql<{ area: string; phone_number: string }>`
        SELECT area, phone_number FROM users WHERE id IN (${a}, ${b}, ${c}, ${d}) ORDER BY id`.execute(handle.db);
      expect(rows.map((r) => [r.area, r.phone_number])).toEqual([
        ['86', '13987654321'],
        ['66', '812345679'],
        ['65', '91234568'],
        ['86', '13987654320'],
      ]);

      await sql`ALTER TABLE users DROP CONSTRAINT users_phone_normalised`.execute(handle.db);
      const twin = await insertRaw(handle, '86', '013987654321');
      await expect(rerun(handle)).rejects.toThrow(new RegExp(`accounts ${a},${twin}`));
      // Nothing was half-done: the twin is as it was.
      const { rows: kept } = await sql<{ phone_number: string }>`
        SELECT phone_number FROM users WHERE id = ${twin}`.execute(handle.db);
      expect(kept[0]!.phone_number).toBe('013987654321');
    } finally {
      await handle.close();
    }
  });
});
