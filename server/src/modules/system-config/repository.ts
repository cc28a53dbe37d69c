import type { Queryable } from '../../db/client.ts';

export async function findSystemConfig(db: Queryable) {
  return db.query<{ config_code: string; config_value: unknown }>(
    'SELECT config_code, config_value FROM system_config ORDER BY sort, config_code',
  );
}

/** Sets one item (seeds and operators); the value is stored as JSON. */
export async function upsertSystemConfig(db: Queryable, code: string, value: unknown, sort = 0): Promise<void> {
  await db.query(
    `INSERT INTO system_config (config_code, config_value, sort) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (config_code) DO UPDATE SET config_value = EXCLUDED.config_value, sort = EXCLUDED.sort, updated_at = now()`,
    [code, JSON.stringify(value), sort],
  );
}
