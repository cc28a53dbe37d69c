import type { THealth } from '@seller-centre/contract/health';
import type { Db } from '../../db/client.ts';

export const version = process.env.npm_package_version ?? '0.1.0';

export async function checkHealth(db: Db): Promise<THealth> {
  try {
    await db.query('SELECT 1');
    return { status: 'ok', database: 'ok', version };
  } catch {
    return { status: 'degraded', database: 'down', version };
  }
}
