import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * An operator account for the operator console, made as the README says, with its TOTP
     * secret and recovery codes; codesFile is where helpers/operator.ts notes which codes are used.
     */
    operator: { account: string; password: string; totpSecret: string; recoveryCodes: string[]; codesFile: string };
    /** A second operator, of the finance role, for what needs two (four eyes: one proposes, it approves). */
    checker: { account: string; password: string; totpSecret: string; recoveryCodes: string[]; codesFile: string };
    /** An operator with the support role: reads everything, moves no money. */
    support: { account: string; password: string; totpSecret: string; recoveryCodes: string[]; codesFile: string };
  }
}

export const E2E_OPERATOR = { account: 'ops.e2e', password: 'Ops-Console-2026!' };
export const E2E_CHECKER = { account: 'ops.e2e.checker', password: 'Ops-Checker-2026!' };
export const E2E_SUPPORT = { account: 'ops.e2e.support', password: 'Ops-Support-2026!' };

/**
 * Creates the console's operator with `npm run ops:create-operator`'s script, before the server
 * opens the store, and answers its TOTP secret and recovery codes (from the script's --json).
 */
function createOperator(
  dataDir: string,
  operator: { account: string; password: string },
  // The console journeys use every page's actions; the support operator shows what a role hides.
  role: 'admin' | 'finance' | 'support' = 'admin',
): { totpSecret: string; recoveryCodes: string[] } {
  const made = spawnSync(
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
      env: { ...process.env, DATA_DIR: dataDir },
      input: operator.password,
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  if (made.status !== 0) throw new Error(`ops:create-operator failed:\n${made.stdout}${made.stderr}`);
  const printed = JSON.parse(made.stdout) as { totp_secret: string; recovery_codes: string[] };
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

/** Starts ONE server the way `npm start` does, on a fresh data directory and a free port. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm test does it for you)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seller-centre-e2e-'));
  project.provide('operator', {
    ...E2E_OPERATOR,
    ...createOperator(dataDir, E2E_OPERATOR),
    codesFile: path.join(dataDir, 'e2e-operator-codes.json'),
  });
  project.provide('checker', {
    ...E2E_CHECKER,
    ...createOperator(dataDir, E2E_CHECKER, 'finance'),
    codesFile: path.join(dataDir, 'e2e-checker-codes.json'),
  });
  project.provide('support', {
    ...E2E_SUPPORT,
    ...createOperator(dataDir, E2E_SUPPORT, 'support'),
    codesFile: path.join(dataDir, 'e2e-support-codes.json'),
  });
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => output);
  project.provide('baseURL', baseURL);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
