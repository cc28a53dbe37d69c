import type { THealth } from '@seller-centre/contract/health';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export const version = process.env.npm_package_version ?? '0.1.0';

export async function checkHealth(db: Db): Promise<THealth> {
  try {
    await sql`SELECT 1`.execute(db);
    return { status: 'ok', database: 'ok', version };
  } catch {
    return { status: 'degraded', database: 'down', version };
  }
}
