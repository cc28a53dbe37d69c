/**
 * Compares every payment and refund of a business day (UTC+08:00) with the payment provider's
 * statement of that day, keeps the run (the console lists it) and prints each difference: paid at
 * the provider but not here, here but not at the provider, amounts that differ.
 *
 *   npm run payments:reconcile -- --date 2026-11-28
 *
 * Without --date, yesterday. Exits 1 when there is a difference, 0 when none, 2 when it cannot
 * run (bad date, no database, the provider's statement unreachable). Uses the server's database
 * and payment provider (DATABASE_URL or DATA_DIR, PAYMENT_PROVIDER). The sandbox keeps its
 * statement in the server's memory, so run against the sandbox this sees an empty one: the
 * server's daily job is the sandbox's reconciliation.
 */
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { DatabaseOpenError, openConfiguredDb } from '../server/src/db/plugin.ts';
import { previousBusinessDay, reconcilePayments } from '../server/src/modules/orders/reconcile.ts';
import { createProviders } from '../server/src/providers/plugin.ts';

class UsageError extends Error {}

function dateArgument(argv: string[]): string {
  const at = argv.indexOf('--date');
  if (at === -1) return previousBusinessDay();
  const date = argv[at + 1] ?? '';
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
  if (!valid) throw new UsageError(`--date must be a day, YYYY-MM-DD (got ${JSON.stringify(date)})`);
  return date;
}

async function main(): Promise<number> {
  const date = dateArgument(process.argv.slice(2));
  const config = loadConfig();
  const { payments } = await createProviders(config, { info: (msg) => console.log(msg) });
  const handle = await openConfiguredDb(config);
  try {
    const run = await reconcilePayments({ db: handle.db, payments }, date, 'script');
    for (const d of run.differences) {
      console.error(
        `DIFFERENCE ${d.kind} ${d.line} order ${d.order_code} ${d.reference}: ours ${d.ours ?? '-'}, ${payments.name} ${d.theirs ?? '-'}`,
      );
    }
    const summary = `${date} at ${payments.name}: ${run.payments} payment(s), ${run.refunds} refund(s) here`;
    if (run.difference_count > 0) {
      console.error(`payments:reconcile: ${run.difference_count} difference(s); ${summary}`);
      return 1;
    }
    console.log(`payments:reconcile: no differences; ${summary}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof UsageError;
    console.error(known ? `payments:reconcile cannot run: ${(error as Error).message}` : error);
    process.exit(2);
  },
);
