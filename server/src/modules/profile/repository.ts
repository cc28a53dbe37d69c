import type { Queryable } from '../../db/client.ts';

export type ProfileRow = {
  id: string;
  main_id: string;
  user_type: number;
  account_type: number;
  agent_id: number;
  user_name: string | null;
  area: string;
  phone_number: string;
  email: string;
  company_name: string;
  co_chat_status: number;
  we_chat_open_id: string | null;
  we_chat_nickname: string;
  has_password: boolean;
};

/** The account with its tenant's company name (an employee works for its main account's company). */
export async function findProfile(db: Queryable, userId: number): Promise<ProfileRow | null> {
  const [row] = await db.query<ProfileRow>(
    `SELECT u.id, u.main_id, u.user_type, u.account_type, u.agent_id, u.user_name, u.area, u.phone_number,
            u.email, m.company_name, u.co_chat_status, u.we_chat_open_id, u.we_chat_nickname,
            u.password_hash IS NOT NULL AS has_password
       FROM users u JOIN users m ON m.id = u.main_id
      WHERE u.id = $1`,
    [userId],
  );
  return row ?? null;
}

/** The sign-in before the current session (the left panel's 'last login'), or the current one. */
export async function findLastSignIn(
  db: Queryable,
  userId: number,
  currentSessionId: number,
): Promise<{ ip: string; created_at: Date } | null> {
  const [previous] = await db.query<{ ip: string; created_at: Date }>(
    `SELECT ip, created_at FROM sessions
      WHERE user_id = $1 AND id < $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, currentSessionId],
  );
  if (previous) return previous;
  const [current] = await db.query<{ ip: string; created_at: Date }>(
    'SELECT ip, created_at FROM sessions WHERE id = $1',
    [currentSessionId],
  );
  return current ?? null;
}

export async function updateCompanyName(db: Queryable, mainId: number, companyName: string): Promise<void> {
  await db.query('UPDATE users SET company_name = $2, updated_at = now() WHERE id = $1', [mainId, companyName]);
}

export async function updateUserName(db: Queryable, userId: number, userName: string): Promise<void> {
  await db.query('UPDATE users SET user_name = $2, updated_at = now() WHERE id = $1', [userId, userName]);
}

export async function userNameTakenByOther(db: Queryable, userId: number, userName: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE lower(user_name) = lower($1) AND id <> $2', [
    userName,
    userId,
  ]);
  return rows.length > 0;
}

export async function clearWechat(db: Queryable, userId: number): Promise<void> {
  await db.query(`UPDATE users SET we_chat_open_id = NULL, we_chat_nickname = '', updated_at = now() WHERE id = $1`, [
    userId,
  ]);
}

export async function enableCustomerChat(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET co_chat_status = 1, updated_at = now() WHERE id = $1 AND co_chat_status <> 1', [
    userId,
  ]);
}

export async function findDistributionSettings(
  db: Queryable,
  mainId: number,
): Promise<{ is_show_distributor: boolean; is_sync_m2b: boolean } | null> {
  const [row] = await db.query<{ is_show_distributor: boolean; is_sync_m2b: boolean }>(
    'SELECT is_show_distributor, is_sync_m2b FROM distribution_settings WHERE main_id = $1',
    [mainId],
  );
  return row ?? null;
}
