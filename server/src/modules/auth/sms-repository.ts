import type { TSmsType } from '@seller-centre/contract/auth';
import type { Queryable } from '../../db/client.ts';

export type StoredSmsCode = {
  id: number;
  salt: Buffer;
  codeHash: Buffer;
  attempts: number;
  consumed: boolean;
  expired: boolean;
};

export async function insertSmsCode(
  db: Queryable,
  input: {
    area: string;
    phoneNumber: string;
    type: TSmsType;
    salt: Buffer;
    codeHash: Buffer;
    ttlSeconds: number;
    ip: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sms_codes (area, phone_number, type, salt, code_hash, ip, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [input.area, input.phoneNumber, input.type, input.salt, input.codeHash, input.ip, input.ttlSeconds],
  );
}

/** The newest code of a phone and purpose, locked until the transaction ends. */
export async function lockNewestSmsCode(
  db: Queryable,
  input: { area: string; phoneNumber: string; type: TSmsType },
): Promise<StoredSmsCode | null> {
  const [row] = await db.query<{
    id: string;
    salt: Uint8Array;
    code_hash: Uint8Array;
    attempts: number;
    consumed: boolean;
    expired: boolean;
  }>(
    `SELECT id, salt, code_hash, attempts, consumed_at IS NOT NULL AS consumed, expires_at <= now() AS expired
       FROM sms_codes
      WHERE area = $1 AND phone_number = $2 AND type = $3
      ORDER BY id DESC LIMIT 1
      FOR UPDATE`,
    [input.area, input.phoneNumber, input.type],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    salt: Buffer.from(row.salt),
    codeHash: Buffer.from(row.code_hash),
    attempts: Number(row.attempts),
    consumed: row.consumed,
    expired: row.expired,
  };
}

/** Counts a wrong try; the try that reaches `maxAttempts` also uses the code up. */
export async function recordWrongSmsCode(db: Queryable, id: number, maxAttempts: number): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `UPDATE sms_codes SET attempts = attempts + 1,
            consumed_at = CASE WHEN attempts + 1 >= $2 THEN now() ELSE consumed_at END
      WHERE id = $1 RETURNING attempts`,
    [id, maxAttempts],
  );
  return Number(row!.attempts);
}

/** Uses the code up; false when another request did first, or it expired meanwhile. */
export async function consumeSmsCode(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE sms_codes SET consumed_at = now()
      WHERE id = $1 AND consumed_at IS NULL AND expires_at > now() RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

export async function pruneSmsCodes(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM sms_codes WHERE id IN (
       SELECT id FROM sms_codes WHERE created_at < now() - interval '2 days' LIMIT 500)`,
  );
}
