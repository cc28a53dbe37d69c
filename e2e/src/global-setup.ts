import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

/** An operator account made as the README says, with its TOTP secret and recovery codes. */
export type E2EOperator = {
  account: string;
  password: string;
  totpSecret: string;
  recoveryCodes: string[];
  /** Where helpers/operator.ts notes which codes are used. */
  codesFile: string;
};

/** One server under test, with the console's operators made on its store. */
export type E2EServer = {
  baseURL: string;
  /** An admin: the console journeys use every page's actions. */
  operator: E2EOperator;
  /** A second operator, of the finance role, for what needs two (four eyes: one proposes, it approves). */
  checker: E2EOperator;
  /** An operator with the support role: reads everything, moves no money. */
  support: E2EOperator;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server for each vitest worker (browser.ts: `server()`), so each sees one file at a time. */
    servers: E2EServer[];
  }
}

/**
 * How many files run at once, each on a server of its own. The journeys mostly wait (on Chromium,
 * the server, a dialog's motion): one at a time kept about a third of one core busy, and two side
 * by side took 711 s on a quiet 2-core machine instead of 1,152.
 */
export const E2E_WORKERS = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '2', 10) || 2);

export const E2E_OPERATOR = { account: 'ops.e2e', password: 'Ops-Console-2026!' };
export const E2E_CHECKER = { account: 'ops.e2e.checker', password: 'Ops-Checker-2026!' };
export const E2E_SUPPORT = { account: 'ops.e2e.support', password: 'Ops-Support-2026!' };

/**
 * The other suites of a test run keep both cores busy beside the server; at idle priority each
 * password hash (every sign-in) would wait seconds for them.
 */
const HASHING = { PASSWORD_HASH_PRIORITY: 'normal' };

/**
 * Creates the console's operator with `npm run ops:create-operator`'s script, before the server
 * opens the store, and answers its TOTP secret and recovery codes (from the script's --json).
 */
async function createOperator(
  dataDir: string,
  operator: { account: string; password: string },
  // The console journeys use every page's actions; the support operator shows what a role hides.
  role: 'admin' | 'finance' | 'support',
): Promise<{ totpSecret: string; recoveryCodes: string[] }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/create-operator.ts',
      '--account',
      operator.account,
      '--name',
      'E2E',
      '--role',
      role,
      '--password-stdin',
      '--json',
    ],
    {
      cwd: root,
      env: { ...process.env, ...HASHING, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 180_000,
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(operator.password);
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (status !== 0) throw new Error(`ops:create-operator failed:\n${stdout}${stderr}`);
  const printed = JSON.parse(stdout) as { totp_secret: string; recovery_codes: string[] };
  return { totpSecret: printed.totp_secret, recoveryCodes: printed.recovery_codes };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  // A fresh embedded database runs every migration at start: minutes, on a machine busy with other work.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within 180 s:\n${log()}`);
}

/**
 * Starts a server the way `npm start` does, on a fresh data directory and a free port, with the
 * console's operators made first; answers it and how to stop it.
 */
async function startServer(): Promise<{ server: E2EServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seller-centre-e2e-'));
  // One after another: each opens the store in dataDir, which takes one process at a time.
  const made = async (
    who: { account: string; password: string },
    role: 'admin' | 'finance' | 'support',
    codes: string,
  ) => ({
    ...who,
    ...(await createOperator(dataDir, who, role)),
    codesFile: path.join(dataDir, codes),
  });
  const operator = await made(E2E_OPERATOR, 'admin', 'e2e-operator-codes.json');
  const checker = await made(E2E_CHECKER, 'finance', 'e2e-checker-codes.json');
  const support = await made(E2E_SUPPORT, 'support', 'e2e-support-codes.json');
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The journeys read SMS codes from the outbox and play WeChat on the scan page.
      ALLOW_STAND_INS_IN_PRODUCTION: 'true',
      // Every journey signs its accounts up by SMS from this one address; the limit per address
      // is the API suite's to test, not something the whole browser run should trip over.
      SMS_IP_HOURLY_LIMIT: '1000',
      ...HASHING,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => output);
  return {
    server: { baseURL, operator, checker, support },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one server for each worker of the e2e project (E2E_WORKERS, vitest.config.ts). */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm test does it for you)');
  }
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const stopAll = () => Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'servers',
    started.map((s) => (s as PromiseFulfilledResult<{ server: E2EServer }>).value.server),
  );
  return stopAll;
}
