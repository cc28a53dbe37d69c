/**
 * A consistent backup of the server's database and its files, in one file.
 *
 *   npm run db:backup -- --out backup.tar.gz
 *
 * Embedded PGlite (no DATABASE_URL): stop the server first (PGlite is opened by one process at
 * a time); the backup is its data directory. With DATABASE_URL: pg_dump, while the server runs.
 * Uploaded images and finished exports under DATA_DIR are included; files in a bucket are not
 * (docs/operations.md, "Backups"). Exits 0 when written, 2 when it cannot run.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { backup } from '../server/src/db/backup.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new ConfigError('name the file: npm run db:backup -- --out FILE');
  const manifest = await backup(loadConfig(), values.out);
  const files = manifest.files.length > 0 ? ` and ${manifest.files.join(', ')}` : '';
  console.log(`db:backup: ${manifest.database} database${files} written to ${values.out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`db:backup failed: ${(error as Error).message}`);
    process.exit(2);
  },
);
