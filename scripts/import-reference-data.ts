/**
 * Imports platforms, shops and warehouses for one main account from a CSV file.
 *
 *   node --import tsx scripts/import-reference-data.ts --main-account <user_id|user_name> --file shops.csv
 *
 * Uses the same database as the server (DATABASE_URL, or embedded PGlite under DATA_DIR; stop the
 * server first when it runs on PGlite, which one process opens at a time). The file format is in
 * server/src/modules/reference-data/csv-import.ts and docs/permissions.md; an example is
 * scripts/reference-data.example.csv.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/src/config.ts';
import { openConfiguredDb } from '../server/src/db/plugin.ts';
import {
  CsvImportError,
  findMainAccount,
  importReferenceData,
  readImportRows,
} from '../server/src/modules/reference-data/csv-import.ts';

const usage =
  'usage: node --import tsx scripts/import-reference-data.ts --main-account <user_id|user_name> --file <file.csv>';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'main-account': { type: 'string' }, file: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values['main-account'] || !values.file) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const rows = readImportRows(await readFile(values.file, 'utf8'));
  const config = loadConfig();
  // The server's own database: the same place under DATA_DIR, migrated as the server would.
  const handle = await openConfiguredDb(config);
  const { db } = handle;
  try {
    const account = await findMainAccount(db, values['main-account']);
    if (!account) {
      console.error(`no main account with id or user name "${values['main-account']}"`);
      return 1;
    }
    const summary = await importReferenceData(db, account.id, rows);
    console.log(
      `imported for ${account.user_name} (${account.id}): ${summary.platforms} platforms, ${summary.shops} shops, ` +
        `${summary.warehouses} warehouses added; ${summary.unchanged} already present`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CsvImportError ? error.message : error);
    process.exit(1);
  },
);
