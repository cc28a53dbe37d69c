import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, createTenant, type TestTenant } from '../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { queryRows } from '../test/factories.ts';

/**
 * Names people give (roles, employees, accounts, companies) are NFKC-normalised, and a name with
 * a zero-width, control or text-direction character is refused, naming the field, in the
 * caller's language: one employee must not be able to look like another.
 */

let app: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  app = await buildTestApp();
  tenant = await createTenant(app);
});
afterAll(async () => app.close());

function as(options: Omit<InjectOptions, 'headers'>, lang = 'zh') {
  return app.inject({ ...options, headers: { authorization: tenant.token, 'accept-language': lang } } as InjectOptions);
}

const MESSAGES = {
  zh: '名称填写有误：不能包含零宽字符、控制字符或文字方向控制字符',
  kr: '이름 입력값이 올바르지 않습니다: 보이지 않는 문자, 제어 문자 또는 텍스트 방향 제어 문자는 사용할 수 없습니다',
  th: 'ชื่อ ไม่ถูกต้อง: ต้องไม่มีอักขระที่มองไม่เห็น อักขระควบคุม หรืออักขระควบคุมทิศทางข้อความ',
} as const;

describe('names with hidden characters', () => {
  it('refuses a role name with a bidi override or zero-width space, naming the field in zh, kr and th', async () => {
    for (const lang of ['zh', 'kr', 'th'] as const) {
      const res = await as({ method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Packer\u202Egnipp' } }, lang);
      expect(res.json()).toEqual({ code: 400, data: null, msg: MESSAGES[lang] });
    }
    const zeroWidth = await as({ method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Pack\u200Ber' } });
    expect(zeroWidth.statusCode).toBe(400);
    const describe = await as({
      method: 'POST',
      url: '/api/v1/auth/role',
      payload: { name: 'Packers', describe: 'night\u0007shift' },
    });
    expect(describe.json().msg).toBe('角色描述填写有误：不能包含零宽字符、控制字符或文字方向控制字符');
  });

  it('refuses them in employee, account and company names', async () => {
    const role = await createRole(app, tenant.tenantId, []);
    const employee = await as({
      method: 'POST',
      url: '/api/v1/auth/sub-account',
      payload: {
        user_name: 'ops\u200Bone',
        area: '86',
        phone_number: '13700000001',
        password: 'Passw0rd!',
        auth_role_id: role,
        shop_auth: { auth_type: 1, auth_data: [] },
        warehouse_auth: { auth_type: 1, auth_value: '' },
      },
    });
    expect(employee.json().msg).toBe('用户名填写有误：不能包含零宽字符、控制字符或文字方向控制字符');
    const company = await as({
      method: 'PUT',
      url: '/api/v2/user/info/company',
      payload: { company_name: 'Acme\u2066 Ltd' },
    });
    expect(company.json().msg).toBe('公司名称填写有误：不能包含零宽字符、控制字符或文字方向控制字符');
    const account = await as({ method: 'PUT', url: '/api/v2/user/info/account', payload: { user_name: 'bo\uFEFFss' } });
    expect(account.json().msg).toBe('用户名填写有误：不能包含零宽字符、控制字符或文字方向控制字符');
  });
});

describe('names in compatibility forms', () => {
  it('are stored NFKC-normalised, so a full-width copy of a name is the same name', async () => {
    const created = await as({ method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Ｐａｃｋｅｒ Ａ' } });
    expect(created.json()).toMatchObject({ code: 200, data: { name: 'Packer A' } });
    const [row] = await queryRows(
      app,
      sql<{ name: string }>`SELECT name FROM auth_roles WHERE id = ${created.json().data.id}`,
    );
    expect(row!.name).toBe('Packer A');
    const copy = await as({ method: 'POST', url: '/api/v1/auth/role', payload: { name: 'Packer A' } });
    expect(copy.statusCode).toBe(409);
  });
});
