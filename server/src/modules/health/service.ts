import type { THealth } from '@seller-centre/contract/health';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import serverPackage from '../../../package.json' with { type: 'json' };

/** The server's release, as its package.json names it. */
const version = serverPackage.version;

export async function checkHealth(db: Db): Promise<THealth> {
  try {
    await sql`SELECT 1`.execute(db);
    return { status: 'ok', database: 'ok', version };
  } catch {
    return { status: 'degraded', database: 'down', version };
  }
}
