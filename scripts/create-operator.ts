/**
 * Creates an operator account for the operator console (/api/ops).
 *
 *   npm run ops:create-operator -- --account ops.alice --name "Alice"
 *   npm run ops:create-operator -- --account ops.bob --name "Bob" --role finance
 *   printf '%s' "$PASSWORD" | npm run ops:create-operator -- --account ops.alice --name "Alice" --password-stdin
 *
 *   npm run ops:create-operator -- --reset-2fa --account ops.alice
 *
 * --role is support (the default), finance or admin: what the operator may do in the console
 * (packages/contract/src/operators.ts); an admin changes roles later from the console's operators page.
 * Without --password-stdin a strong password is made up and printed once. Every new operator also
 * gets a TOTP secret (for an authenticator app; sign-in asks for its code beside the password) and
 * ten single-use recovery codes, printed once: the `otpauth://` URI, the base32 secret and the codes.
 * --reset-2fa gives an existing operator a new secret and new codes (the old ones stop working);
 * operators made before two-factor sign-in need it before they can sign in. --json prints one JSON
 * object instead of the text (for scripts: `account`, `id`, `role` when created, `password` when made up, `totp_secret`,
 * `otpauth_uri`, `recovery_codes`). Uses the same database
 * as the server (DATABASE_URL, or embedded PGlite under DATA_DIR; stop the server first when it
 * runs on PGlite, which one process opens at a time).
 */
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { DatabaseOpenError, openConfiguredDb } from '../server/src/db/plugin.ts';
import {
  createOperator,
  OperatorInputError,
  resetOperatorTwoFactor,
  validateNewOperator,
  type CreatedOperator,
} from '../server/src/modules/operators/service.ts';
import { configurePasswordHashingFrom } from '../server/src/platform/passwords.ts';

const usage =
  'usage: npm run ops:create-operator -- --account <name> [--name <display name>] [--role support|finance|admin] [--password-stdin] [--json]\n' +
  '       npm run ops:create-operator -- --reset-2fa --account <name> [--json]';

function printTwoFactor({ twoFactor }: CreatedOperator) {
  console.log(`authenticator link (shown once): ${twoFactor.uri}`);
  console.log(`authenticator secret (shown once): ${twoFactor.secret}`);
  console.log('recovery codes (shown once; each works once, in place of the authenticator code):');
  for (const code of twoFactor.recoveryCodes) console.log(`  ${code}`);
}

function json(account: string, made: CreatedOperator, extra: { role?: string; password?: string } = {}) {
  const { role, password } = extra;
  return JSON.stringify({
    account,
    id: made.id,
    ...(role === undefined ? {} : { role }),
    ...(password === undefined ? {} : { password }),
    totp_secret: made.twoFactor.secret,
    otpauth_uri: made.twoFactor.uri,
    recovery_codes: made.twoFactor.recoveryCodes,
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      name: { type: 'string', default: '' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'reset-2fa': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.account) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  // The password and recovery codes are hashed as the server hashes (at the configured priority).
  configurePasswordHashingFrom(config);
  if (values['reset-2fa']) {
    if (values.role !== undefined) {
      console.error(
        "--role is for a new operator; an admin changes an operator's role on the console's operators page",
      );
      return 2;
    }
    const handle = await openConfiguredDb(config);
    try {
      const made = await resetOperatorTwoFactor(handle.db, values.account);
      if (values.json) console.log(json(values.account, made));
      else {
        console.log(`operator "${values.account}" has a new authenticator secret and recovery codes (id ${made.id})`);
        printTwoFactor(made);
      }
      return 0;
    } finally {
      await handle.close();
    }
  }
  const given = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
  const operator = validateNewOperator({
    accountName: values.account,
    displayName: values.name,
    password: given ?? randomBytes(18).toString('base64url'),
    role: values.role,
  });

  const handle = await openConfiguredDb(config);
  try {
    const made = await createOperator(handle.db, operator);
    if (values.json) {
      console.log(
        json(values.account, made, {
          role: operator.role,
          ...(given === undefined ? { password: operator.password } : {}),
        }),
      );
      return 0;
    }
    console.log(`operator "${values.account}" created (id ${made.id}, role ${operator.role})`);
    if (given === undefined) console.log(`password (shown once): ${operator.password}`);
    printTwoFactor(made);
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
    console.error(
      known
        ? `${process.argv.includes('--reset-2fa') ? 'cannot reset the operator' : 'cannot create the operator'}: ${(error as Error).message}`
        : error,
    );
    process.exit(1);
  },
);
