import { baseURL } from '../browser.ts';

/**
 * Talking to the server under test directly (set-up and checks), the way the browser does:
 * the envelope `{code, data, msg}`, the token in Authorization.
 */
export type Envelope<T> = { code: number; data: T; msg: string };

export const DEMO = {
  account: 'demo',
  area: '86',
  phone: '13800138000',
  password: 'Demo@2026',
  company: 'Demo Trading Co.',
} as const;

export async function call<T>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; query?: Record<string, string | number> } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const url = new URL(path, baseURL());
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** Like `call`, but fails the test unless the envelope says 200. */
export async function ok<T>(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
  const { status, body } = await call<T>(method, path, options);
  if (status !== 200 || body.code !== 200) {
    throw new Error(`${method} ${path} answered ${status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

let sequence = 0;
/**
 * A phone number no other test uses (SMS sends are limited per phone and type): 170 + the
 * run's clock + a counter, 11 digits.
 */
export function uniquePhone(): string {
  sequence += 1;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return `170${tail}${String(sequence).padStart(2, '0')}`;
}

type OutboxItem = { phone_number: string; area: string; type: string; code: string; sent_at: string };

/** The newest code the console SMS provider 'sent' to the phone for the type, waiting briefly for it. */
export async function latestSmsCode(
  phone: string,
  type: 'register:' | 'find_pwd:' | 'login:' | 'reauth:',
  after?: Date,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const items = await ok<OutboxItem[]>('GET', '/api/dev/sms-outbox', { query: { phone_number: phone } });
    const hit = items.find((item) => item.type === type && (!after || new Date(item.sent_at) >= after));
    if (hit) return hit.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${type} code for ${phone} in the SMS outbox`);
}

type LoginResult = { authorization: string; user_id: number; account_type: number };

export async function signInByApi(accountName: string, password: string): Promise<LoginResult> {
  return ok<LoginResult>('POST', '/api/v2/user/login/account', {
    body: { account_name: accountName, password, long_time: 0, system: 1 },
  });
}

export async function signInByMobile(phone: string, password: string): Promise<LoginResult> {
  return ok<LoginResult>('POST', '/api/v2/user/login/mobile', {
    body: { phone_number: phone, area: '86', password, long_time: 0, system: 1 },
  });
}

/**
 * A new main account the way a user makes one: register with an SMS code, sign in with a login
 * code, and set a password, so tests that change things do not disturb the demo tenant.
 */
export async function createAccount(
  password = 'Passw0rd2026',
): Promise<{ phone: string; password: string; token: string; userId: number }> {
  const phone = uniquePhone();
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'register:', area: '86', phone_number: phone } });
  const registerCode = await latestSmsCode(phone, 'register:');
  const { user_id } = await ok<{ user_id: number }>('POST', '/api/v2/register', {
    body: { phone_number: phone, area: '86', sms_code: registerCode, checked: true },
  });
  await ok('GET', '/api/v1/sms', { query: { agent_id: 3, type: 'login:', area: '86', phone_number: phone } });
  const loginCode = await latestSmsCode(phone, 'login:');
  const session = await ok<LoginResult>('POST', '/api/v2/user/login/sms', {
    body: { phone_number: phone, area: '86', sms_code: loginCode, long_time: 0, system: 1 },
  });
  // The first password too needs re-authentication: a code sent to the account's own phone.
  await ok('POST', '/api/v2/user/reauth/sms', { token: session.authorization });
  const reauthCode = await latestSmsCode(phone, 'reauth:');
  await ok('PUT', '/api/v2/user/info/pwd', {
    token: session.authorization,
    body: { password, sms_code: reauthCode },
  });
  return { phone, password, token: session.authorization, userId: user_id };
}
