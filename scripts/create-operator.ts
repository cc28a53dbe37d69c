/**
 * Creates an operator account for the operator console (/api/ops).
 *
 *   npm run ops:create-operator -- --account ops.alice --name "Alice"
 *   printf '%s' "$PASSWORD" | npm run ops:create-operator -- --account ops.alice --name "Alice" --password-stdin
 *
 * Without --password-stdin a strong password is made up and printed once. Uses the same database
 * as the server (DATABASE_URL, or embedded PGlite under DATA_DIR; stop the server first when it
 * runs on PGlite, which one process opens at a time).
 */
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { DatabaseOpenError, openConfiguredDb } from '../server/src/db/plugin.ts';
import { createOperator, OperatorInputError, validateNewOperator } from '../server/src/modules/operators/service.ts';

const usage = 'usage: npm run ops:create-operator -- --account <name> [--name <display name>] [--password-stdin]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      name: { type: 'string', default: '' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.account) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const given = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
  const operator = validateNewOperator({
    accountName: values.account,
    displayName: values.name,
    password: given ?? randomBytes(18).toString('base64url'),
  });

  const handle = await openConfiguredDb(loadConfig());
  try {
    const id = await createOperator(handle.db, operator);
    console.log(`operator "${values.account}" created (id ${id})`);
    if (given === undefined) console.log(`password (shown once): ${operator.password}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof OperatorInputError || error instanceof ConfigError || error instanceof DatabaseOpenError;
    console.error(known ? `cannot create the operator: ${(error as Error).message}` : error);
    process.exit(1);
  },
);
