import { mkdirSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import app from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDb, type DbHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed.ts';
import { DEMO_EMPLOYEES } from './db/seeds/access.ts';

function fail(line: string): never {
  process.stderr.write(`seller-centre: ${line}\n`);
  process.exit(1);
}

async function connect(config: Config, onConnectionError: (error: Error) => void): Promise<DbHandle> {
  try {
    if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
    return await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      onConnectionError,
    });
  } catch (error) {
    const where = config.DATABASE_URL ? new URL(config.DATABASE_URL).host : config.DATA_DIR;
    fail(`cannot open the database at ${where}: ${(error as Error).message}`);
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // A connection PostgreSQL ended (restart, failover) is logged; the request using it gets a 503.
  const logs: { to?: FastifyBaseLogger } = {};
  const db = await connect(config, (err) => logs.to?.warn({ err }, 'database connection lost'));
  await migrate(db);

  const server = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.confirmPassword'],
    },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  });
  logs.to = server.log;
  await server.register(app, { config, db: db.db });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.log.error({ err }, 'shutting down after an error');
    else server.log.info({ signal }, 'shutting down');
    await server.close();
    await db.close();
  });

  // Seeded before listening, so nobody meets a half-seeded demo.
  if (config.SEED_DEMO) {
    const demo = await seedDemo(db.db);
    if (demo) {
      server.log.info(
        `demo tenant seeded: sign in with account "${demo.user_name}" (or mobile +${demo.area} ${demo.phone_number}) and password "${demo.password}"`,
      );
      for (const e of DEMO_EMPLOYEES) {
        server.log.info(`demo employee (${e.role}): account "${e.user_name}", password "${e.password}"`);
      }
    }
  }
  await server.listen({ host: config.HOST, port: config.PORT });

  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  server.log.info(`Seller Centre is ready at http://localhost:${port} (database: ${db.kind})`);
}

main().catch((error: unknown) => fail(`failed to start: ${(error as Error).message}`));
