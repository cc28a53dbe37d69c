/**
 * Puts a backup made by `npm run db:backup` back, into an empty data directory (DATA_DIR, for
 * embedded PGlite) or an empty database (DATABASE_URL, through pg_restore), with its files.
 *
 *   DATA_DIR=/srv/new-data npm run db:restore -- --in backup.tar.gz
 *
 * Refuses a target holding anything, so a restore never mixes two histories. Then start the
 * server on it and run `npm run ledger:verify`. Exits 0 when restored, 2 when it cannot.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { restore } from '../server/src/db/backup.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { in: { type: 'string' } } });
  if (!values.in) throw new ConfigError('name the backup: npm run db:restore -- --in FILE');
  const manifest = await restore(loadConfig(), values.in);
  const files = manifest.files.length > 0 ? ` and ${manifest.files.join(', ')}` : '';
  console.log(`db:restore: ${manifest.database} database${files} of ${manifest.createdAt} restored`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`db:restore failed: ${(error as Error).message}`);
    process.exit(2);
  },
);
