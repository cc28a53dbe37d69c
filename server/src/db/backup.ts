import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openPglite } from './client.ts';

/**
 * Backups that restore (`npm run db:backup`, `npm run db:restore`). One file, a gzipped tar:
 *
 *   manifest.json        what it holds: the database's kind, when, which file areas
 *   database.tar.gz      embedded PGlite: its data directory as PGlite's dumpDataDir writes it
 *   database.dump        PostgreSQL server: pg_dump's custom format
 *   files/uploads/…      uploaded images and finished exports kept under DATA_DIR (a bucket
 *   files/exports/…      holds its own: copy it with the bucket's tools, see docs/operations.md)
 *
 * A restore goes into an empty data directory or an empty database only: putting a backup over
 * live data would mix two histories of money.
 */

const run = promisify(execFile);

export type BackupManifest = {
  format: 1;
  database: 'pglite' | 'postgres';
  createdAt: string;
  /** File areas copied from DATA_DIR; none when the files live in a bucket. */
  files: string[];
};

const FILE_AREAS = ['uploads', 'exports'] as const;

function usesBucket(config: Config): boolean {
  return config.S3_BUCKET !== undefined;
}

function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, 'pglite');
}

async function tar(args: string[]): Promise<void> {
  await run('tar', args, { maxBuffer: 16 * 1024 * 1024 });
}

/** The PostgreSQL tools' connection options, without the password on their command line. */
function pgToolEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  return {
    ...process.env,
    ...(parsed.password ? { PGPASSWORD: decodeURIComponent(parsed.password) } : {}),
  };
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

export async function backup(config: Config, out: string): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'seller-centre-backup-'));
  try {
    let database: BackupManifest['database'];
    if (config.DATABASE_URL) {
      database = 'postgres';
      // One snapshot of the whole database (pg_dump's transaction), taken while it is in use.
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(staging, 'database.dump')}`,
          withoutPassword(config.DATABASE_URL),
        ],
        { env: pgToolEnv(config.DATABASE_URL), maxBuffer: 16 * 1024 * 1024 },
      );
    } else {
      database = 'pglite';
      if (!existsSync(path.join(pgliteDir(config), 'PG_VERSION'))) {
        throw new Error(`no embedded database at ${pgliteDir(config)}`);
      }
      // PGlite is one process's: the server must be stopped, as for ledger:verify. Opening it
      // replays its log, so the dump is the state of the last commit.
      const handle = await openPglite(pgliteDir(config));
      try {
        const dump = await handle.dump();
        writeFileSync(path.join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await handle.close();
      }
    }
    const files: string[] = [];
    if (!usesBucket(config)) {
      for (const area of FILE_AREAS) {
        const from = path.join(config.DATA_DIR, area);
        if (!existsSync(from)) continue;
        cpSync(from, path.join(staging, 'files', area), { recursive: true });
        files.push(area);
      }
    }
    const manifest: BackupManifest = { format: 1, database, createdAt: new Date().toISOString(), files };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    // Written aside and renamed: a backup cut short never passes for a whole one.
    const partial = `${path.resolve(out)}.partial`;
    await tar(['-czf', partial, '-C', staging, '.']);
    renameSync(partial, path.resolve(out));
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.n > 0) {
      throw new Error(
        `the database at ${new URL(url).host}${new URL(url).pathname} is not empty: restore into a new one`,
      );
    }
  } finally {
    await client.end();
  }
}

export async function restore(config: Config, input: string): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'seller-centre-restore-'));
  try {
    await tar(['-xzf', path.resolve(input), '-C', staging]);
    const manifestPath = path.join(staging, 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`${input} is not a Seller Centre backup (no manifest.json)`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`backup format ${String(manifest.format)} is not known`);
    const target = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new Error(
        `the backup holds an embedded ${manifest.database} database, the configuration names ${target === 'postgres' ? 'a PostgreSQL server (DATABASE_URL)' : 'embedded PGlite (no DATABASE_URL)'}`,
      );
    }
    // Every target is checked before anything is written.
    if (usesBucket(config) && manifest.files.length > 0) {
      throw new Error(
        'the backup holds files from DATA_DIR and the configuration names a bucket: restore with no S3_ variables, then copy DATA_DIR/uploads and DATA_DIR/exports into the bucket',
      );
    }
    const fileTargets = usesBucket(config) ? [] : manifest.files.map((area) => path.join(config.DATA_DIR, area));
    for (const dir of fileTargets) {
      if (existsSync(dir) && readdirSync(dir).length > 0)
        throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
    }
    if (config.DATABASE_URL) {
      await assertEmptyDatabase(config.DATABASE_URL);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${withoutPassword(config.DATABASE_URL)}`,
          path.join(staging, 'database.dump'),
        ],
        { env: pgToolEnv(config.DATABASE_URL), maxBuffer: 16 * 1024 * 1024 },
      );
    } else {
      const dir = pgliteDir(config);
      if (existsSync(dir) && readdirSync(dir).length > 0)
        throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
      mkdirSync(dir, { recursive: true });
      const dump = readFileSync(path.join(staging, 'database.tar.gz'));
      const handle = await openPglite(dir, { loadDataDir: new Blob([dump]) });
      await handle.close();
    }
    if (!usesBucket(config)) {
      for (const area of manifest.files) {
        cpSync(path.join(staging, 'files', area), path.join(config.DATA_DIR, area), { recursive: true });
      }
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
