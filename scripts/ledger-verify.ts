/**
 * Recomputes every ledger balance from its entries and checks the ledger's invariants:
 * debits equal credits, each balance equals its entries, no balance below its floor, no pending
 * transfer resolved twice.
 *
 *   npm run ledger:verify
 *
 * Prints one line per breach, naming the account or transfer, and exits 1 if there is any (0
 * when the ledger is sound, 2 when it cannot run). Uses the server's database (DATABASE_URL, or
 * embedded PGlite under DATA_DIR: stop the server first, PGlite is opened by one process at a
 * time). It only reads (after migrating an older database, as the server's start would).
 */
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { DatabaseOpenError, openConfiguredDb } from '../server/src/db/plugin.ts';
import { verifyLedger } from '../server/src/platform/ledger/verify.ts';

async function main(): Promise<number> {
  const handle = await openConfiguredDb(loadConfig());
  try {
    const started = Date.now();
    const breaches = await verifyLedger(handle.db);
    for (const b of breaches) console.error(`BREACH ${b.check}: ${b.subject}: ${b.detail}`);
    const took = `${Date.now() - started} ms`;
    if (breaches.length > 0) {
      console.error(`ledger:verify: ${breaches.length} breach(es) (${took})`);
      return 1;
    }
    console.log(`ledger:verify: sound (${took})`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseOpenError;
    console.error(known ? `ledger:verify cannot run: ${(error as Error).message}` : error);
    process.exit(2);
  },
);
