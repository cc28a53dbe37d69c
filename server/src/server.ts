import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyServerOptions } from 'fastify';
import app, { serverOptions } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseOpenError } from './db/plugin.ts';
import { seedDemo } from './db/seed.ts';
import { DEMO_EMPLOYEES } from './db/seeds/access.ts';
import { closeGracefully } from './platform/shutdown.ts';

function fail(line: string): never {
  process.stderr.write(`seller-centre: ${line}\n`);
  process.exit(1);
}

function logger(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.confirmPassword'],
    // pino-pretty runs in a worker thread of its own, so a terminal's readable lines cost the
    // request path nothing; anywhere else one JSON object a line suits log collectors.
    ...(config.LOG_FORMAT === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const server = Fastify({
    ...serverOptions(config),
    logger: logger(config),
  });
  try {
    await server.register(app, { config });
    await server.ready();
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }

  // The grace is for requests in flight; the margin after it is for closing the pool and the
  // queue. Past both, close-with-grace ends the process anyway.
  const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
  closeWithGrace({ delay: graceMs + 10_000 }, async ({ signal, err }) => {
    if (err) server.log.error({ err }, 'shutting down after an error');
    else server.log.info({ signal }, 'shutting down: finishing requests in flight');
    const how = await closeGracefully(server, graceMs);
    server.log.info({ how }, 'stopped');
  });

  // Seeded before listening, so nobody meets a half-seeded demo.
  if (config.SEED_DEMO) {
    const demo = await seedDemo(server.db);
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
  server.log.info(
    `Seller Centre is ready at http://localhost:${port} (database: ${config.DATABASE_URL ? 'postgres' : 'pglite'})`,
  );
}

main().catch((error: unknown) => fail(`failed to start: ${(error as Error).message}`));
