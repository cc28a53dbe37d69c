/**
 * Lints the OpenAPI document with Redocly's recommended rules, as a client generator would meet
 * it. The routes a server offers depend on its providers (stand-in routes with the stand-ins,
 * the WeChat webhook with the official account), so the document is built for both setups.
 *
 *   npm run lint:openapi        (part of `npm run lint`)
 *
 * Nothing listens and no database is opened: building the document needs the routes only.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import app from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { DbHandle } from '../server/src/db/client.ts';
import type { Database } from '../server/src/db/schema.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results', 'openapi');

const SETUPS: Record<string, Record<string, string>> = {
  'stand-ins': { SMS_PROVIDER: 'console', WECHAT_PROVIDER: 'simulator' },
  'real-providers': {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: 'sign',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_0',
    WECHAT_PROVIDER: 'official',
    WECHAT_APP_ID: 'app',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_TOKEN: 'token',
  },
};

function unused(): never {
  throw new Error('the OpenAPI document needs no database');
}
/** Builds queries like the real one, but any attempt to run one fails. */
class NoDriver extends DummyDriver {
  override async acquireConnection(): Promise<never> {
    unused();
  }
}
const noDatabase: DbHandle = {
  db: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new NoDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
  kind: 'pglite',
  execScript: unused,
  dump: unused,
  close: async () => undefined,
};

async function documentFor(env: Record<string, string>): Promise<unknown> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const server = Fastify({ logger: false });
  await server.register(app, { config, db: noDatabase });
  await server.ready();
  const document = server.swagger();
  await server.close();
  return document;
}

mkdirSync(out, { recursive: true });
const files: string[] = [];
for (const [name, env] of Object.entries(SETUPS)) {
  const file = path.join(out, `${name}.json`);
  writeFileSync(file, JSON.stringify(await documentFor(env), null, 2));
  files.push(file);
}

const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'redocly'),
  ['lint', '--config', path.join(root, 'redocly.yaml'), ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
