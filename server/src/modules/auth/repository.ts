import type { Queryable } from '../../db/client.ts';

/** An account as sign-in sees it, with its main account's status (a tenant can be disabled). */
export type Account = {
  id: number;
  mainId: number;
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

type AccountRow = {
  id: string;
  main_id: string;
  user_type: number;
  account_type: number;
  user_name: string | null;
  area: string;
  phone_number: string;
  password_hash: string | null;
  enabled: boolean;
  we_chat_open_id: string | null;
  we_chat_nickname: string;
};

const ACCOUNT_COLUMNS = `u.id, u.main_id, u.user_type, u.account_type, u.user_name, u.area, u.phone_number,
  u.password_hash, (u.status = 1 AND m.status = 1) AS enabled, u.we_chat_open_id, u.we_chat_nickname`;

function toAccount(row: AccountRow | undefined): Account | null {
  if (!row) return null;
  return {
    id: Number(row.id),
    mainId: Number(row.main_id),
    userType: row.user_type === 1 ? 1 : 2,
    accountType: Number(row.account_type),
    userName: row.user_name,
    area: row.area,
    phoneNumber: row.phone_number,
    passwordHash: row.password_hash,
    enabled: row.enabled,
    weChatOpenId: row.we_chat_open_id,
    weChatNickname: row.we_chat_nickname,
  };
}

async function findOne(db: Queryable, where: string, params: unknown[], lock = false): Promise<Account | null> {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users u JOIN users m ON m.id = u.main_id WHERE ${where}${lock ? ' FOR UPDATE OF u' : ''}`,
    params,
  );
  return toAccount(rows[0]);
}

/** Sign-in names are unique whatever their case. */
export function findAccountByUserName(db: Queryable, userName: string): Promise<Account | null> {
  return findOne(db, 'lower(u.user_name) = lower($1)', [userName]);
}

export function findAccountByPhone(db: Queryable, area: string, phoneNumber: string): Promise<Account | null> {
  return findOne(db, 'u.area = $1 AND u.phone_number = $2', [area, phoneNumber]);
}

export function findAccountByOpenId(db: Queryable, openId: string): Promise<Account | null> {
  return findOne(db, 'u.we_chat_open_id = $1', [openId]);
}

export function findAccountById(db: Queryable, id: number, options: { lock?: boolean } = {}): Promise<Account | null> {
  return findOne(db, 'u.id = $1', [id], options.lock);
}

/** The main account whose invite code this is (codes are stored upper-case). */
export async function findInviterByCode(db: Queryable, inviteCode: string): Promise<number | null> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE invite_code = upper($1) AND user_type = 1', [
    inviteCode,
  ]);
  return row ? Number(row.id) : null;
}

/** A new main account (its own tenant), without a password. */
export async function insertMainAccount(
  db: Queryable,
  input: {
    area: string;
    phoneNumber: string;
    inviteCode: string;
    source: string;
    system: number;
    referrer: string;
    secondarySource: string;
  },
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `WITH next AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id)
     INSERT INTO users (id, main_id, user_type, area, phone_number, invite_code,
                        reg_source, reg_system, reg_referrer, reg_secondary_source)
     SELECT id, id, 1, $1, $2, $3, $4, $5, $6, $7 FROM next
     RETURNING id`,
    [
      input.area,
      input.phoneNumber,
      input.inviteCode,
      input.source,
      input.system,
      input.referrer,
      input.secondarySource,
    ],
  );
  return Number(row!.id);
}

export async function insertInvitation(
  db: Queryable,
  input: { inviterId: number; inviteeId: number; inviteCodeType: string; givenDays: number },
): Promise<void> {
  await db.query(
    `INSERT INTO invitations (inviter_id, invitee_id, invite_code_type, inviter_given_days)
     VALUES ($1, $2, $3, $4)`,
    [input.inviterId, input.inviteeId, input.inviteCodeType, input.givenDays],
  );
}

/**
 * Whether the account still has this password hash, holding a share lock on it until the
 * transaction ends: a password change or reset (an UPDATE of the row) waits for the session
 * opened meanwhile and then revokes it, or runs first and this answers false.
 */
export async function lockPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1 AND password_hash = $2 FOR SHARE', [
    userId,
    passwordHash,
  ]);
  return rows.length > 0;
}

export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
}

/** Links a WeChat open id to an account; false when the account has another one already. */
export async function setWechat(db: Queryable, userId: number, openId: string, nickname: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET we_chat_open_id = $2, we_chat_nickname = $3, updated_at = now()
      WHERE id = $1 AND (we_chat_open_id IS NULL OR we_chat_open_id = $2)
      RETURNING id`,
    [userId, openId, nickname],
  );
  return rows.length > 0;
}
