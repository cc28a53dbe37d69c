import type { TSubAccountListQuery } from '@seller-centre/contract/employees';
import { sql, type ExpressionBuilder, type QueryCreator } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';

/**
 * The `users` table: main accounts (each one a tenant) and their employees. Only this module
 * writes it; other modules call accounts/service.ts.
 */

/** An account as sign-in sees it, with its main account's status (a tenant can be disabled). */
export type Account = {
  id: number;
  tenantId: number;
  userType: 1 | 2;
  accountType: number;
  userName: string | null;
  area: string;
  phoneNumber: string;
  passwordHash: string | null;
  /** Both the account and its main account are enabled. */
  enabled: boolean;
  weChatOpenId: string | null;
  weChatNickname: string;
};

type UserAndMain = ExpressionBuilder<Database & { u: Database['users']; m: Database['users'] }, 'u' | 'm'>;

function caseless(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>, userName: string) {
  return eb(eb.fn('lower', ['u.user_name']), '=', eb.fn('lower', [eb.val(userName)]));
}

async function findOne(
  db: Db,
  where: (eb: UserAndMain) => ReturnType<UserAndMain['and']>,
  lock = false,
): Promise<Account | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as m', 'm.id', 'u.main_id')
    .select((eb) => [
      'u.id',
      'u.main_id',
      'u.user_type',
      'u.account_type',
      'u.user_name',
      'u.area',
      'u.phone_number',
      'u.password_hash',
      eb
        .and([eb('u.status', '=', 1), eb('m.status', '=', 1)])
        .$castTo<boolean>()
        .as('enabled'),
      'u.we_chat_open_id',
      'u.we_chat_nickname',
    ])
    .where(where)
    .$if(lock, (q) => q.forUpdate('u'))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.main_id,
    userType: row.user_type === 1 ? 1 : 2,
    accountType: row.account_type,
    userName: row.user_name,
    area: row.area,
    phoneNumber: row.phone_number,
    passwordHash: row.password_hash,
    enabled: row.enabled,
    weChatOpenId: row.we_chat_open_id,
    weChatNickname: row.we_chat_nickname,
  };
}

export function findAccountByUserName(db: Db, userName: string): Promise<Account | null> {
  return findOne(db, (eb) => eb.and([caseless(eb, userName)]));
}

export function findAccountByPhone(db: Db, area: string, phoneNumber: string): Promise<Account | null> {
  return findOne(db, (eb) => eb.and([eb('u.area', '=', area), eb('u.phone_number', '=', phoneNumber)]));
}

export function findAccountByOpenId(db: Db, openId: string): Promise<Account | null> {
  return findOne(db, (eb) => eb.and([eb('u.we_chat_open_id', '=', openId)]));
}

export function findAccountById(db: Db, id: number, lock = false): Promise<Account | null> {
  return findOne(db, (eb) => eb.and([eb('u.id', '=', id)]), lock);
}

/** The main account whose invite code this is (codes are stored upper-case). */
export async function findInviterByCode(db: Db, inviteCode: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', inviteCode.toUpperCase())
    .where('user_type', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function isUserNameTaken(db: Db, userName: string, exceptUserId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where((eb) => caseless(eb, userName))
    .where('u.id', '<>', exceptUserId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function isPhoneTaken(db: Db, area: string, phoneNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('area', '=', area)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return Boolean(row);
}

/** A main account is its own tenant: main_id is its own id, so it takes the id first. */
async function nextUserId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id`.execute(db);
  return rows[0]!.id;
}

export type NewMainAccount = {
  area: string;
  phoneNumber: string;
  inviteCode: string;
  userName?: string | null;
  email?: string;
  companyName?: string;
  passwordHash?: string | null;
  source?: string;
  system?: number;
  referrer?: string;
  secondarySource?: string;
  createdAt?: Date;
};

export async function insertMainAccount(db: Db, input: NewMainAccount): Promise<number> {
  const id = await nextUserId(db);
  await db
    .insertInto('users')
    .values({
      id,
      main_id: id,
      user_type: 1,
      user_name: input.userName ?? null,
      area: input.area,
      phone_number: input.phoneNumber,
      email: input.email ?? '',
      company_name: input.companyName ?? '',
      password_hash: input.passwordHash ?? null,
      invite_code: input.inviteCode,
      reg_source: input.source ?? '',
      reg_system: input.system ?? 1,
      reg_referrer: input.referrer ?? '',
      reg_secondary_source: input.secondarySource ?? '',
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .execute();
  return id;
}

export type NewEmployee = {
  tenantId: number;
  userName: string;
  area: string;
  phoneNumber: string;
  passwordHash: string;
  roleId: number | null;
  systemList: readonly number[];
  createdBy: number;
};

/** An employee works for its main account's company, so it takes that company name. */
export async function insertEmployee(db: Db, input: NewEmployee): Promise<number> {
  const row = await db
    .insertInto('users')
    .columns([
      'main_id',
      'user_type',
      'user_name',
      'area',
      'phone_number',
      'password_hash',
      'auth_role_id',
      'system_list',
      'created_by',
      'company_name',
    ])
    .expression((eb) =>
      eb
        .selectFrom('users as m')
        .select([
          'm.id',
          sql.lit(2).as('user_type'),
          eb.val(input.userName).as('user_name'),
          eb.val(input.area).as('area'),
          eb.val(input.phoneNumber).as('phone_number'),
          eb.val(input.passwordHash).as('password_hash'),
          sql<number | null>`${input.roleId}::bigint`.as('auth_role_id'),
          sql<number[]>`${[...input.systemList]}::smallint[]`.as('system_list'),
          sql<number>`${input.createdBy}::bigint`.as('created_by'),
          'm.company_name',
        ])
        .where('m.id', '=', input.tenantId)
        .where('m.user_type', '=', 1),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the account still has this password hash, holding a share lock on its row. */
export async function lockPasswordHash(db: Db, userId: number, passwordHash: string): Promise<boolean> {
  return Boolean(await holdingPasswordHash(db, userId, passwordHash).executeTakeFirst());
}

/**
 * The query of `lockPasswordHash`, for a condition of a larger statement (`EXISTS (...)`): a
 * change of the password waits for that statement, and one committed before it makes it false.
 */
export function holdingPasswordHash(db: QueryCreator<Database>, userId: number, passwordHash: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('password_hash', '=', passwordHash)
    .forShare();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function updateStatus(db: Db, userId: number, status: 0 | 1): Promise<void> {
  await db
    .updateTable('users')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function updateEmployeeRole(
  db: Db,
  userId: number,
  roleId: number,
  systemList: readonly number[],
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      auth_role_id: roleId,
      system_list: sql`${[...systemList]}::smallint[]`,
      updated_at: sql`now()`,
    })
    .where('id', '=', userId)
    .where('user_type', '=', 2)
    .execute();
}

/** Links a WeChat open id to an account; false when the account has another one already. */
export async function setWechat(db: Db, userId: number, openId: string, nickname: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ we_chat_open_id: openId, we_chat_nickname: nickname, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('we_chat_open_id', 'is', null), eb('we_chat_open_id', '=', openId)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function clearWechat(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ we_chat_open_id: null, we_chat_nickname: '', updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function updateProfileFields(
  db: Db,
  userId: number,
  fields: { company_name?: string; user_name?: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function enableCustomerChat(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ co_chat_status: 1, updated_at: sql`now()` })
    .where('id', '=', userId)
    .where('co_chat_status', '<>', 1)
    .execute();
}

/** The account with its tenant's company name (an employee works for its main account's company). */
export async function findProfile(db: Db, userId: number) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as m', 'm.id', 'u.main_id')
    .select((eb) => [
      'u.id',
      'u.main_id',
      'u.user_type',
      'u.account_type',
      'u.agent_id',
      'u.user_name',
      'u.area',
      'u.phone_number',
      'u.email',
      'm.company_name',
      'u.co_chat_status',
      'u.we_chat_open_id',
      'u.we_chat_nickname',
      eb('u.password_hash', 'is not', null).$castTo<boolean>().as('has_password'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findInviteCode(db: Db, tenantId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('invite_code').where('id', '=', tenantId).executeTakeFirst();
  return row?.invite_code ?? null;
}

/** Gives an account made before invite codes (or by a seed) its code; keeps one already there. */
export async function assignInviteCode(db: Db, tenantId: number, code: string): Promise<string> {
  const row = await db
    .updateTable('users')
    .set({ invite_code: sql`coalesce(invite_code, ${code})` })
    .where('id', '=', tenantId)
    .returning('invite_code')
    .executeTakeFirstOrThrow();
  return row.invite_code!;
}

// ---- accounts of a tenant, as the authority-management screen lists them ---------------------

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function tenantAccounts(db: Db, tenantId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('auth_roles as r', 'r.id', 'u.auth_role_id')
    .where('u.main_id', '=', tenantId);
}

const ACCOUNT_COLUMNS = [
  'u.id',
  'u.user_type',
  'u.user_name',
  'u.phone_number',
  'u.area',
  'u.auth_role_id',
  'r.name as role_name',
  'u.status',
  'u.system_list',
  'u.created_at',
] as const;

export type TenantAccountRow = {
  id: number;
  user_type: number;
  user_name: string | null;
  phone_number: string;
  area: string;
  auth_role_id: number | null;
  role_name: string | null;
  status: number;
  system_list: number[];
  created_at: Date;
};

/**
 * The main account's own row (holding role 1) and its employees, as far as the caller's data
 * authority over employees reaches.
 */
export async function findAccountPage(
  db: Db,
  principal: Principal,
  query: TSubAccountListQuery,
): Promise<{ total: number; rows: TenantAccountRow[] }> {
  const filtered = tenantAccounts(db, principal.tenantId)
    .where('u.status', '=', query.status)
    .$if(Boolean(query.user_name), (q) =>
      q.where(sql<string>`COALESCE(u.user_name, u.phone_number)`, 'ilike', `%${escapeLike(query.user_name!)}%`),
    )
    .where((eb) => visibleTo(eb, principal, 'employees', 'u.id'));
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select(ACCOUNT_COLUMNS)
    .orderBy('u.user_type')
    .orderBy('u.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { total, rows };
}

/** One account of the tenant that the caller may see; `lock` for a change. */
export async function findVisibleAccount(
  db: Db,
  principal: Principal,
  userId: number,
  lock = false,
): Promise<TenantAccountRow | undefined> {
  return tenantAccounts(db, principal.tenantId)
    .select(ACCOUNT_COLUMNS)
    .where('u.id', '=', userId)
    .where((eb) => visibleTo(eb, principal, 'employees', 'u.id'))
    .$if(lock, (q) => q.forUpdate('u'))
    .executeTakeFirst();
}

/** One account of the tenant, whatever the caller's data authority (to answer after a change). */
export async function findTenantAccount(db: Db, tenantId: number, userId: number): Promise<TenantAccountRow | undefined> {
  return tenantAccounts(db, tenantId).select(ACCOUNT_COLUMNS).where('u.id', '=', userId).executeTakeFirst();
}

/** Employees (not the main account) the caller may see, as data-authority choices. */
export async function findVisibleEmployees(db: Db, principal: Principal) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.user_name', 'u.phone_number'])
    .where('u.main_id', '=', principal.tenantId)
    .where('u.user_type', '=', 2)
    .where((eb) => visibleTo(eb, principal, 'employees', 'u.id'))
    .orderBy('u.id')
    .execute();
}

export async function findTenantEmployeeIds(db: Db, tenantId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('main_id', '=', tenantId)
    .where('user_type', '=', 2)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function countRoleHolders(db: Db, tenantId: number, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('auth_role_id', '=', roleId)
    .where('main_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The accounts holding a role, as far as the caller's data authority over employees reaches
 * (role 1 is held by the main account's own row).
 */
export async function findRoleHolders(db: Db, principal: Principal, roleId: number, builtinRoleId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.user_name', 'u.phone_number'])
    .where('u.main_id', '=', principal.tenantId)
    .where((eb) => (roleId === builtinRoleId ? eb('u.user_type', '=', 1) : eb('u.auth_role_id', '=', roleId)))
    .where((eb) => visibleTo(eb, principal, 'employees', 'u.id'))
    .orderBy('u.id')
    .execute();
}

/** A main account by id or user name (the reference-data import names one of either). */
export async function findMainAccount(db: Db, idOrName: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.user_name', 'u.phone_number'])
    .where('u.user_type', '=', 1)
    .where((eb) => (/^\d{1,15}$/.test(idOrName) ? eb('u.id', '=', Number(idOrName)) : caseless(eb, idOrName)))
    .executeTakeFirst();
}

/** Current names of a tenant's accounts by id: the user name, or the phone number without one. */
export async function findAccountNames(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select((eb) => [
      'id',
      eb.fn.coalesce(eb.fn<string | null>('nullif', ['user_name', eb.val('')]), 'phone_number').as('name'),
    ])
    .where('main_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
