import type { TSmsPurpose } from '@seller-centre/contract/auth';
import { sql } from 'kysely';
import { nowPlusSeconds, type Db } from '../../db/client.ts';

export type StoredSmsCode = {
  id: number;
  salt: Buffer;
  codeHash: Buffer;
  attempts: number;
  consumed: boolean;
  expired: boolean;
};

export async function insertSmsCode(
  db: Db,
  input: {
    area: string;
    phoneNumber: string;
    type: TSmsPurpose;
    salt: Buffer;
    codeHash: Buffer;
    ttlSeconds: number;
    ip: string;
  },
): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({
      area: input.area,
      phone_number: input.phoneNumber,
      type: input.type,
      salt: input.salt,
      code_hash: input.codeHash,
      ip: input.ip,
      expires_at: nowPlusSeconds(input.ttlSeconds),
    })
    .execute();
}

/** The newest code of a phone and purpose, locked until the transaction ends. */
export async function lockNewestSmsCode(
  db: Db,
  input: { area: string; phoneNumber: string; type: TSmsPurpose },
): Promise<StoredSmsCode | null> {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => [
      'id',
      'salt',
      'code_hash',
      'attempts',
      eb('consumed_at', 'is not', null).$castTo<boolean>().as('consumed'),
      eb('expires_at', '<=', sql<Date>`now()`)
        .$castTo<boolean>()
        .as('expired'),
    ])
    .where('area', '=', input.area)
    .where('phone_number', '=', input.phoneNumber)
    .where('type', '=', input.type)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    salt: Buffer.from(row.salt),
    codeHash: Buffer.from(row.code_hash),
    attempts: row.attempts,
    consumed: row.consumed,
    expired: row.expired,
  };
}

/** Counts a wrong try; the try that reaches `maxAttempts` also uses the code up. */
export async function recordWrongSmsCode(db: Db, id: number, maxAttempts: number): Promise<number> {
  const row = await db
    .updateTable('sms_codes')
    .set({
      attempts: sql`attempts + 1`,
      consumed_at: sql`CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE consumed_at END`,
    })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Uses the code up; false when another request did first, or it expired meanwhile. */
export async function consumeSmsCode(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('sms_codes')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function pruneSmsCodes(db: Db): Promise<void> {
  await db
    .deleteFrom('sms_codes')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sms_codes')
        .select('id')
        .where('created_at', '<', sql<Date>`now() - interval '2 days'`)
        .limit(500),
    )
    .execute();
}
