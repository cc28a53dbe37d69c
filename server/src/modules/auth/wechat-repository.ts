import { sql } from 'kysely';
import { nowPlusSeconds, type Db } from '../../db/client.ts';

export type Scene = {
  sceneMark: string;
  openId: string | null;
  nickname: string;
  scanned: boolean;
  consumed: boolean;
  expired: boolean;
  /** The account a binding scene was issued to (after re-authentication); null for sign-in. */
  bindUserId: number | null;
};

const live = sql<Date>`now()`;

export async function insertScene(
  db: Db,
  sceneMark: string,
  expireSeconds: number,
  bindUserId: number | null = null,
): Promise<void> {
  await db
    .insertInto('wechat_scenes')
    .values({ scene_mark: sceneMark, expires_at: nowPlusSeconds(expireSeconds), bind_user_id: bindUserId })
    .execute();
}

export async function findScene(db: Db, sceneMark: string): Promise<Scene | null> {
  const row = await db
    .selectFrom('wechat_scenes')
    .select((eb) => [
      'scene_mark',
      'open_id',
      'nickname',
      'bind_user_id',
      eb('scanned_at', 'is not', null).$castTo<boolean>().as('scanned'),
      eb('consumed_at', 'is not', null).$castTo<boolean>().as('consumed'),
      eb('expires_at', '<=', live).$castTo<boolean>().as('expired'),
    ])
    .where('scene_mark', '=', sceneMark)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sceneMark: row.scene_mark,
    openId: row.open_id,
    nickname: row.nickname,
    scanned: row.scanned,
    consumed: row.consumed,
    expired: row.expired,
    bindUserId: row.bind_user_id === null ? null : Number(row.bind_user_id),
  };
}

/**
 * Records who scanned a live scene (a later scan replaces an earlier one until the scene is
 * used). A scanned scene stays valid `graceSeconds` more, so the scanner has time to bind.
 */
export async function recordSceneScan(
  db: Db,
  input: { sceneMark: string; openId: string; nickname: string; graceSeconds: number },
): Promise<boolean> {
  const row = await db
    .updateTable('wechat_scenes')
    .set({
      open_id: input.openId,
      nickname: input.nickname,
      scanned_at: live,
      expires_at: sql`GREATEST(expires_at, ${nowPlusSeconds(input.graceSeconds)})`,
    })
    .where('scene_mark', '=', input.sceneMark)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', live)
    .returning('scene_mark')
    .executeTakeFirst();
  return Boolean(row);
}

/** Uses a scanned scene up for one account; false if it was used or expired meanwhile. */
export async function consumeScene(db: Db, sceneMark: string, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('wechat_scenes')
    .set({ consumed_at: live, user_id: userId })
    .where('scene_mark', '=', sceneMark)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', live)
    .where('scanned_at', 'is not', null)
    .returning('scene_mark')
    .executeTakeFirst();
  return Boolean(row);
}

export async function pruneScenes(db: Db): Promise<void> {
  await db
    .deleteFrom('wechat_scenes')
    .where('scene_mark', 'in', (eb) =>
      eb
        .selectFrom('wechat_scenes')
        .select('scene_mark')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .limit(500),
    )
    .execute();
}

/**
 * Takes a signed webhook delivery by its (timestamp, nonce): true the first time, false when any
 * instance took it before. Forgets deliveries older than `keepSeconds` on the way, which is
 * safe as long as that is longer than the window a timestamp is accepted in.
 */
export async function claimDelivery(db: Db, timestamp: string, nonce: string, keepSeconds: number): Promise<boolean> {
  await db
    .deleteFrom('wechat_deliveries')
    .where('received_at', '<', sql<Date>`now() - make_interval(secs => ${keepSeconds})`)
    .execute();
  const taken = await db
    .insertInto('wechat_deliveries')
    .values({ timestamp, nonce })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return taken !== undefined;
}
