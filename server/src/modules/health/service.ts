import type { THealth, TReadiness } from '@seller-centre/contract/health';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { ChangeFeed } from '../../platform/change-feed/plugin.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import serverPackage from '../../../package.json' with { type: 'json' };

/** The server's release, as its package.json names it. */
const version = serverPackage.version;

async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export async function checkHealth(db: Db): Promise<THealth> {
  return (await databaseAnswers(db))
    ? { status: 'ok', database: 'ok', version }
    : { status: 'degraded', database: 'down', version };
}

/**
 * Whether the instance can do its work: its database answers, its job queue answers (when it has
 * started one), and, when the change feed runs over Redis, Redis is connected (without it, this
 * instance's caches would not hear other instances' changes).
 */
export async function checkReadiness(deps: { db: Db; jobs: JobQueue; changeFeed: ChangeFeed }): Promise<TReadiness> {
  const [database, jobQueue] = await Promise.all([databaseAnswers(deps.db), deps.jobs.check()]);
  const redis = deps.changeFeed.kind === 'redis' ? (deps.changeFeed.live ? 'ok' : 'down') : undefined;
  const ready = database && jobQueue !== 'down' && redis !== 'down';
  return {
    status: ready ? 'ready' : 'not_ready',
    database: database ? 'ok' : 'down',
    jobQueue,
    ...(redis ? { redis } : {}),
    version,
  };
}
