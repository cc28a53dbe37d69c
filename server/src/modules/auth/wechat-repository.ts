import type { Queryable } from '../../db/client.ts';

export type Scene = {
  sceneMark: string;
  openId: string | null;
  nickname: string;
  scanned: boolean;
  consumed: boolean;
  expired: boolean;
};

type SceneRow = {
  scene_mark: string;
  open_id: string | null;
  nickname: string;
  scanned: boolean;
  consumed: boolean;
  expired: boolean;
};

const SCENE_COLUMNS = `scene_mark, open_id, nickname, scanned_at IS NOT NULL AS scanned,
  consumed_at IS NOT NULL AS consumed, expires_at <= now() AS expired`;

function toScene(row: SceneRow | undefined): Scene | null {
  if (!row) return null;
  return {
    sceneMark: row.scene_mark,
    openId: row.open_id,
    nickname: row.nickname,
    scanned: row.scanned,
    consumed: row.consumed,
    expired: row.expired,
  };
}

export async function insertScene(db: Queryable, sceneMark: string, expireSeconds: number): Promise<void> {
  await db.query('INSERT INTO wechat_scenes (scene_mark, expires_at) VALUES ($1, now() + make_interval(secs => $2))', [
    sceneMark,
    expireSeconds,
  ]);
}

export async function findScene(db: Queryable, sceneMark: string): Promise<Scene | null> {
  const [row] = await db.query<SceneRow>(`SELECT ${SCENE_COLUMNS} FROM wechat_scenes WHERE scene_mark = $1`, [
    sceneMark,
  ]);
  return toScene(row);
}

/**
 * Records who scanned a live scene (a later scan replaces an earlier one until the scene is
 * used). A scanned scene stays valid `graceSeconds` more, so the scanner has time to bind.
 */
export async function recordSceneScan(
  db: Queryable,
  input: { sceneMark: string; openId: string; nickname: string; graceSeconds: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE wechat_scenes
        SET open_id = $2, nickname = $3, scanned_at = now(),
            expires_at = GREATEST(expires_at, now() + make_interval(secs => $4))
      WHERE scene_mark = $1 AND consumed_at IS NULL AND expires_at > now()
      RETURNING scene_mark`,
    [input.sceneMark, input.openId, input.nickname, input.graceSeconds],
  );
  return rows.length > 0;
}

/** Uses a scanned scene up for one account; false if it was used or expired meanwhile. */
export async function consumeScene(db: Queryable, sceneMark: string, userId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE wechat_scenes SET consumed_at = now(), user_id = $2
      WHERE scene_mark = $1 AND consumed_at IS NULL AND expires_at > now() AND scanned_at IS NOT NULL
      RETURNING scene_mark`,
    [sceneMark, userId],
  );
  return rows.length > 0;
}

export async function pruneScenes(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM wechat_scenes WHERE scene_mark IN (
       SELECT scene_mark FROM wechat_scenes WHERE expires_at < now() - interval '1 day' LIMIT 500)`,
  );
}
