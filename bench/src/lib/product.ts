import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './net.ts';
import { startProcess, undoOnInterrupt, waitUntilReady, type Started } from './processes.ts';
import type { Database } from './types.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The demo tenant's main account, seeded on a first start. */
export const DEMO = { account: 'demo', password: 'Demo@2026' } as const;

/** Where the product keeps its data for one bench run: a fresh directory or a fresh database. */
export type Store = { database: Database; env: Record<string, string>; drop: () => Promise<void> };

export async function createStore(database: Database, postgresUrl: string): Promise<Store> {
  if (database === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'seller-centre-bench-'));
    const drop = async () => rmSync(dir, { recursive: true, force: true });
    const forget = undoOnInterrupt(drop);
    return { database, env: { DATA_DIR: dir }, drop: async () => (forget(), drop()) };
  }
  const name = `sc_bench_${Date.now().toString(36)}_${process.pid}`;
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const drop = () => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const forget = undoOnInterrupt(drop);
  return { database, env: { DATABASE_URL: url.toString() }, drop: async () => (forget(), drop()) };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at this URL. */
export async function postgresReachable(url: string): Promise<boolean> {
  try {
    await adminQuery(url, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

export type Product = Started & { baseURL: string; database: Database; readyMs: number };

/**
 * Starts the product exactly as a user does, `npm start`, on the store's data, and times it
 * from the command to the first healthy answer. Production mode, as deployed; warnings only in
 * the log, so the figures measure requests rather than writing a log line for each.
 */
export async function startProduct(store: Store): Promise<Product> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const since = performance.now();
  // The store decides the database: a DATABASE_URL or DATA_DIR of the calling shell must not leak in.
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const started = startProcess('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...store.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // The bench signs in through the API and reads no SMS or WeChat code, but the default
      // providers are the stand-ins, which production refuses unless told (as the e2e run does).
      ALLOW_STAND_INS_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
  });
  try {
    const readyMs = await waitUntilReady(`${baseURL}/api/health`, started, since);
    return { ...started, baseURL, database: store.database, readyMs };
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** Signs in with a password and returns the session token. */
export async function signIn(baseURL: string, account: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v2/user/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_name: account, password, long_time: 1, system: 1 }),
  });
  const body = (await res.json()) as { code: number; data: { authorization?: string } | null; msg: string };
  if (body.code !== 200 || !body.data?.authorization) throw new Error(`sign-in failed: ${res.status} ${body.msg}`);
  return body.data.authorization;
}
