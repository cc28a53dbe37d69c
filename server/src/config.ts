import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Embedded PGlite keeps its files here (and anything else kept on disk). */
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** When set, a PostgreSQL server is used instead of embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built single-page app; served with history fallback when present. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web/dist')),
  /** Translation sources, one folder per language, merged and served at /locales/<lng>.json. */
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'web/locales')),
  /** Seed a demo tenant on first start of an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Trust X-Forwarded-For from a reverse proxy in front of the instances. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Parses the environment once. Invalid settings fail with one line naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return result.data;
}
