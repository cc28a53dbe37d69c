import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (or `0`) trusts no proxy: the socket's address is the client's. A
 * number trusts that many hops in front of the server (1: one load balancer). A comma-separated
 * list trusts the proxies at those addresses or CIDR ranges. `true` is refused: trusting every
 * hop lets any client write its own address in X-Forwarded-For and escape the per-IP limits.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return hops;
    ctx.addIssue({ code: 'custom', message: 'a hop count is at most 16' });
    return z.NEVER;
  }
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would trust every hop, so any client could choose its own address; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `not a hop count, an IP address or a CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
}

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
  /** PostgreSQL server: the longest one statement may run (ms; 0 for no limit); then a 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** PostgreSQL server: how long a transaction may sit idle before the server ends it (ms; 0: never). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Redis for the change feed between instances (pub/sub) instead of PostgreSQL's LISTEN/NOTIFY;
   * unused on embedded PGlite (one process).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** The change feed's channel (LISTEN/NOTIFY or Redis): deployments sharing a broker need their own. */
  CHANGE_FEED_CHANNEL: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _, up to 63')
    .default('seller_centre_changes'),
  /** How long a signed-in principal is kept in memory at most (s); 0 turns the cache off. */
  PRINCIPAL_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Signed-in sessions kept in memory per instance; the oldest go first. */
  PRINCIPAL_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /**
   * Prometheus metrics at /metrics on a listener of their own, on this port; unset (the
   * default): no metrics listener. Never the public PORT.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the metrics listener binds: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * On SIGTERM or SIGINT, how long requests already in flight may take to finish (s); then
   * their connections are cut and the pool and the queue close anyway.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one object a line, for log collectors) or `pretty` (pino-pretty, for a terminal). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** The built single-page app; served with history fallback when present. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web/dist')),
  /** Translation sources, one folder per language, merged and served at /locales/<lng>.json. */
  LOCALES_DIR: z.string().default(path.join(repoRoot, 'web/locales')),
  /** Seed a demo tenant on first start of an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Which reverse proxies in front of the instances to believe about the client's address
   * (X-Forwarded-For) and scheme (X-Forwarded-Proto): none, a hop count, or their addresses.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /**
   * With NODE_ENV=production the local stand-ins (SMS_PROVIDER=console, WECHAT_PROVIDER=simulator)
   * refuse to start, because they let anyone read sign-in codes or fake a scan. `true` runs them
   * anyway (an isolated test deployment) and the start logs a warning.
   */
  ALLOW_STAND_INS_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  /**
   * The address users reach this product at (invite links, the WeChat simulator's QR). Unset:
   * taken from each request's Host, which suits development and tests on random ports.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** Days of the selection service an inviter is given per registered invitee. */
  INVITE_GIVEN_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** `console` keeps codes in the database, readable at /api/dev/sms-outbox; `aliyun` sends them. */
  SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
  /** Template with one `${code}` variable. */
  ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com'),
  /**
   * Four eyes: an operator's manual money move of this many yuan or more waits for a second
   * operator's approval (modules/proposals); 0 sends every one for approval.
   */
  OPS_FOUR_EYES_YUAN: z.coerce.number().int().min(0).max(90_000_000_000).default(1000),
  /** Codes sent per client IP per hour, over all phones. */
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Failed password sign-ins per account and client IP (15 min), and per client IP (15 min), before a 429. */
  LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).default(50),
  /**
   * Password hashes computed at once, and waiting beyond those, before a 503 (platform/passwords.ts).
   * One per core: the hashing threads run at a lower priority, so the event loop (and the embedded
   * database on it) still gets the CPU it asks for, and sign-ins at the same moment do not queue
   * behind one another on a small machine.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(availableParallelism()),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * The least time between two password hashes' starts while the event loop is saturated (then
   * one at a time); 0 never paces. 150 ms leaves a 2-core machine's signed-in reads nearly their
   * speed while four clients sign in back to back (docs/decisions.md).
   */
  PASSWORD_HASH_PACE_MS: z.coerce.number().int().min(0).max(10_000).default(150),
  /**
   * `idle`: the hashing threads run only on CPU nothing else wants, so a flood of sign-ins cannot
   * slow signed-in requests. `normal`: they take their turn, for a machine shared with work the
   * server should not yield to, such as the other suites of a test run (platform/passwords.ts).
   */
  PASSWORD_HASH_PRIORITY: z.enum(['idle', 'normal']).default('idle'),
  /** `simulator` serves a scan page at /dev/wechat-scan; `official` uses a WeChat official account. */
  WECHAT_PROVIDER: z.enum(['simulator', 'official']).default('simulator'),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  /** The token configured for the official account's server URL (event webhook signature). */
  WECHAT_TOKEN: z.string().min(1).optional(),
  WECHAT_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.weixin.qq.com'),
  /** Lifetime of a sign-in or bind QR code (scene), in seconds. */
  WECHAT_QR_EXPIRE_SECONDS: z.coerce.number().int().min(30).max(2_592_000).default(300),
  /**
   * The company (a tenant's company name) that alone sees the value-added categories exclusive
   * to annual-plan customers of the selection tool. Unset: nobody sees them.
   */
  DEFAULT_COMPANY_NAME: z.string().min(1).optional(),
  /** `sandbox` serves a local cashier page at /dev/pay; `alipay` takes payments through Alipay. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  /** The application's RSA2 private key (PEM, or the bare base64 body Alipay's tool prints). */
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  /** Alipay's public key for this application (PEM or bare base64): verifies answers and notifications. */
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com'),
  /**
   * How long an unpaid order may be paid, in seconds. The browser polls for 5 minutes; the rest
   * is margin for a buyer who scanned late and a slow notification.
   */
  ORDER_EXPIRE_SECONDS: z.coerce.number().int().min(330).max(86_400).default(900),
  /** How often each instance looks for expired unpaid orders to close, in seconds. */
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often each instance expires warehouse credit lines past their effective time, in seconds. */
  WAREHOUSE_CREDIT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Whether this instance works the background job queue (exports): `auto` does, except under
   * NODE_ENV=test where the tests that need a worker turn it on.
   */
  JOB_WORKER: z.enum(['auto', 'true', 'false']).default('auto'),
  /** How often an idle worker asks the queue for work, in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * A running export whose worker has not reported for this long (a killed process) is handed
   * to another worker, in seconds. Workers report every few seconds.
   */
  EXPORT_STALE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /** The key download links are signed with (HMAC-SHA256); unset: one made once and kept in the database. */
  DOWNLOAD_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** How long a download link works, in seconds. */
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  /**
   * An S3-compatible bucket for uploaded images and finished exports, instead of DATA_DIR. All
   * or nothing: S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (and
   * S3_ENDPOINT for anything but Amazon S3). The bucket stays private: every read goes through
   * the server's authorized routes.
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` addresses objects as <endpoint>/<bucket>/<key> (MinIO and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * The key the suite's other systems send (`X-Api-Key`) to post charges and refunds to a
   * tenant's third-party balance; unset: that call refuses everyone.
   */
  SUITE_API_KEY: z.string().min(32, 'at least 32 characters').optional(),
});

/** The outside services configured to be played by a local stand-in, by the variable that says so. */
export function standInsOf(config: Pick<Config, 'SMS_PROVIDER' | 'WECHAT_PROVIDER' | 'PAYMENT_PROVIDER'>): string[] {
  const standIns: string[] = [];
  if (config.SMS_PROVIDER === 'console') standIns.push('SMS_PROVIDER=console');
  if (config.WECHAT_PROVIDER === 'simulator') standIns.push('WECHAT_PROVIDER=simulator');
  if (config.PAYMENT_PROVIDER === 'sandbox') standIns.push('PAYMENT_PROVIDER=sandbox');
  return standIns;
}

const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * Settings that only make sense together: a real provider needs its credentials, and
 * production runs no stand-in unless told to.
 */
const ZCheckedConfig = ZConfig.superRefine((config, ctx) => {
  const need = (when: boolean, names: (keyof typeof config)[], why: string) => {
    if (!when) return;
    for (const name of names) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${why}` });
    }
  };
  need(
    config.SMS_PROVIDER === 'aliyun',
    ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'],
    'SMS_PROVIDER=aliyun',
  );
  need(
    config.WECHAT_PROVIDER === 'official',
    ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'],
    'WECHAT_PROVIDER=official',
  );
  need(
    config.PAYMENT_PROVIDER === 'alipay',
    ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PUBLIC_URL'],
    'PAYMENT_PROVIDER=alipay',
  );
  // Half a bucket configuration would quietly keep files on the local disk: refuse it.
  const s3Given = S3_VARIABLES.filter((name) => config[name] !== undefined);
  if (s3Given.length > 0) {
    for (const name of S3_REQUIRED) {
      if (config[name] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `required when any S3_ variable is set (S3 storage is all or nothing; set: ${s3Given.join(', ')})`,
        });
    }
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
    ctx.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT: metrics are never served on the public port',
    });
  }
  if (config.NODE_ENV === 'production' && !config.ALLOW_STAND_INS_IN_PRODUCTION) {
    for (const standIn of standInsOf(config)) {
      const [name] = standIn.split('=') as [keyof typeof config];
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${standIn} is a local stand-in that anyone can use to sign in as anyone or to mark an order paid; with NODE_ENV=production configure the real service, or set ALLOW_STAND_INS_IN_PRODUCTION=true`,
      });
    }
  }
});

export type Config = z.infer<typeof ZConfig>;

/** Every variable the server reads; docs/configuration.md documents each one. */
export const CONFIG_VARIABLES = Object.keys(ZConfig.shape) as (keyof Config)[];

export class ConfigError extends Error {}

/** Parses the environment once. Invalid settings fail with one line naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZCheckedConfig.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return result.data;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** The parsed configuration as `app.config`: the one place modules read settings from. */
export default fp(
  async function config(app: FastifyInstance, options: { config: Config }) {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);
