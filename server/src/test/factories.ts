import { randomBytes, randomInt } from 'node:crypto';
import type { TLoginResult, TSmsPurpose, TSmsType } from '@seller-centre/contract/auth';
import { sql, type RawBuilder } from 'kysely';
import { createSession, type SignInMethod } from '../platform/auth.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { TestApp } from './build-app.ts';

/**
 * Factories for API tests: accounts straight in the database (fast: no SMS, no sign-in call)
 * with a live session token, and helpers for the calls most tests need. Every value is unique
 * per call, so tests in one file never collide.
 */

export const DEFAULT_PASSWORD = 'Passw0rd1';

let cachedDefaultHash: Promise<string> | undefined;
function passwordHashFor(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password);
  cachedDefaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return cachedDefaultHash;
}

let sequence = 0;
const run = randomInt(10, 99);

/** An 11-digit mobile number no other call in this process returns. */
export function uniquePhone(): string {
  sequence += 1;
  return `1${run}${String(sequence).padStart(8, '0')}`;
}

/** A user name (letters and digits) no other call in this process returns. */
export function uniqueUserName(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${run}${sequence}${randomBytes(2).toString('hex')}`;
}

/** A client IP of its own, so per-IP limits of one test do not touch another. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export type AccountOverrides = {
  userName?: string | null;
  area?: string;
  phoneNumber?: string;
  /** null: an account without a password (as registration makes it). */
  password?: string | null;
  companyName?: string;
  email?: string;
  status?: 0 | 1;
  weChatOpenId?: string | null;
  weChatNickname?: string;
};

export type TestAccount = {
  id: number;
  tenantId: number;
  userType: 1 | 2;
  userName: string | null;
  area: string;
  phoneNumber: string;
  password: string | null;
};

async function insertAccount(app: TestApp, tenantId: number | null, overrides: AccountOverrides): Promise<TestAccount> {
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const userName = overrides.userName === undefined ? uniqueUserName(tenantId ? 'sub' : 'main') : overrides.userName;
  const area = overrides.area ?? '86';
  const phoneNumber = overrides.phoneNumber ?? uniquePhone();
  const passwordHash = password === null ? null : await passwordHashFor(password);
  // Fixtures write the table directly (any state a test needs); the app writes users only
  // through the accounts module. A main account carries its own id as main_id.
  const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id`.execute(
    app.db,
  );
  const id = rows[0]!.id;
  const row = await app.db
    .insertInto('users')
    .values({
      id,
      main_id: tenantId ?? id,
      user_type: tenantId ? 2 : 1,
      user_name: userName,
      area,
      phone_number: phoneNumber,
      email: overrides.email ?? '',
      company_name: overrides.companyName ?? (tenantId ? '' : 'Test Trading Co.'),
      password_hash: passwordHash,
      status: overrides.status ?? 1,
      we_chat_open_id: overrides.weChatOpenId ?? null,
      we_chat_nickname: overrides.weChatNickname ?? '',
    })
    .returning(['id', 'main_id'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    tenantId: row.main_id,
    userType: tenantId ? 2 : 1,
    userName,
    area,
    phoneNumber,
    password,
  };
}

/** A live session for an account, as if it had signed in (no argon2, no throttling). */
export async function openTestSession(
  app: TestApp,
  userId: number,
  options: { method?: SignInMethod; ip?: string; longTime?: boolean } = {},
): Promise<string> {
  const session = await createSession(app.db, {
    userId,
    method: options.method ?? 'account',
    longTime: options.longTime ?? false,
    system: 1,
    ip: options.ip ?? '127.0.0.1',
    userAgent: 'vitest',
  });
  return session.token;
}

/** A main account (its own tenant) and a token signed in as it. */
export async function createMainAccount(
  app: TestApp,
  overrides: AccountOverrides = {},
): Promise<{ user: TestAccount; token: string }> {
  const user = await insertAccount(app, null, overrides);
  return { user, token: await openTestSession(app, user.id) };
}

/** An employee (sub-account, user_type 2) of a main account, and a token signed in as it. */
export async function createSubAccount(
  app: TestApp,
  main: { id: number },
  overrides: AccountOverrides = {},
): Promise<{ user: TestAccount; token: string }> {
  const user = await insertAccount(app, main.id, overrides);
  return { user, token: await openTestSession(app, user.id) };
}

/** Headers of a signed-in call. */
export function authHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: token, ...extra };
}

/** Signs in through the real account + password call; throws with the envelope if refused. */
export async function signIn(
  app: TestApp,
  input: { account_name: string; password: string; long_time?: 0 | 1 },
  options: { ip?: string } = {},
): Promise<TLoginResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/user/login/account',
    payload: input,
    remoteAddress: options.ip ?? randomIp(),
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`sign-in refused: ${res.statusCode} ${JSON.stringify(body)}`);
  return body.data as TLoginResult;
}

/** The newest code the console SMS provider "sent" to a phone, or undefined. */
export async function latestSmsCode(
  app: TestApp,
  phoneNumber: string,
  type?: TSmsPurpose,
): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${phoneNumber}` });
  const items = res.json().data as { type: string; code: string }[];
  return items.find((item) => !type || item.type === type)?.code;
}

/** Sends a code through GET /api/v1/sms (from an IP of its own) and reads it from the outbox. */
export async function requestSmsCode(
  app: TestApp,
  input: { phoneNumber: string; type: TSmsType; area?: string },
  options: { ip?: string } = {},
): Promise<string> {
  const query = new URLSearchParams({ type: input.type, phone_number: input.phoneNumber, area: input.area ?? '86' });
  const res = await app.inject({ method: 'GET', url: `/api/v1/sms?${query}`, remoteAddress: options.ip ?? randomIp() });
  if (res.json().code !== 200) throw new Error(`sms refused: ${res.statusCode} ${res.body}`);
  const code = await latestSmsCode(app, input.phoneNumber, input.type);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/**
 * Moves every time-limited record of the auth module `seconds` into the past (rate-limit
 * windows, SMS codes, QR scenes), so tests of expiry need no sleeping.
 */
export async function travelPast(
  app: TestApp,
  seconds: number,
  where: { rateLimitKeyLike?: string } = {},
): Promise<void> {
  const back = sql<Date>`make_interval(secs => ${seconds})`;
  await app.db
    .updateTable('rate_limits')
    .set({ reset_at: sql`reset_at - ${back}` })
    .$if(where.rateLimitKeyLike !== undefined, (q) => q.where('key', 'like', where.rateLimitKeyLike!))
    .execute();
  await app.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - ${back}`, expires_at: sql`expires_at - ${back}` })
    .execute();
  await app.db
    .updateTable('wechat_scenes')
    .set({ created_at: sql`created_at - ${back}`, expires_at: sql`expires_at - ${back}` })
    .execute();
}

/** Rows of a raw query a test uses to look behind the API (values bound by the `sql` tag). */
export async function queryRows<T>(app: TestApp, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(app.db)).rows;
}
