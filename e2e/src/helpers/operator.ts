import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext } from 'playwright-core';

import { baseURL, server } from '../browser.ts';
import { ok } from './api.ts';

const STEP_MS = 30_000;
/**
 * The e2e run's operators: `operator` (an admin) does everything; `checker` (finance) is the second
 * pair of eyes; `support` has the support role.
 */
type Who = 'operator' | 'checker' | 'support';
const operator = (who: Who = 'operator') => server()[who];

type Used = { lastStep: number; recoveryUsed: number };

function readUsed(file: string): Used {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Used;
  } catch {
    return { lastStep: 0, recoveryUsed: 0 };
  }
}

/**
 * A one-time code the server will accept for the e2e operator. The server takes each TOTP step
 * once and never an older one, and every e2e file on a server signs the same operator in (one file
 * at a time on each server),
 * so the newest step used is kept in a file beside the server's data: the next sign-in takes the
 * step of now (or the one after, which the server's ±1 window accepts), then a recovery code
 * while any is left, and only then waits for a fresh step.
 */
export async function operatorCode(who: Who = 'operator'): Promise<string> {
  const { totpSecret, recoveryCodes, codesFile } = operator(who);
  for (;;) {
    const used = readUsed(codesFile);
    const now = Math.floor(Date.now() / STEP_MS);
    // Not the step before now: a step boundary passing before the server checks would make it too old.
    const step = Math.max(used.lastStep + 1, now);
    if (step <= now + 1) {
      writeFileSync(codesFile, JSON.stringify({ ...used, lastStep: step }));
      return TOTP.generate({
        secret: Secret.fromBase32(totpSecret),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        timestamp: step * STEP_MS,
      });
    }
    const recovery = recoveryCodes[used.recoveryUsed];
    if (recovery !== undefined) {
      writeFileSync(codesFile, JSON.stringify({ ...used, recoveryUsed: used.recoveryUsed + 1 }));
      return recovery;
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
  }
}

type SignIn = { authorization: string; account_name: string; display_name: string; expires_in: number };
type KeptSession = SignIn & { signedInAt: number };

/**
 * The e2e operator's console session, signed in by the API once per run and kept in a file
 * beside the codes: a journey that needs the console, not its sign-in, opens it with this
 * session, so the run spends a handful of one-time codes (the sign-in tests' own) instead of one
 * per journey, and never waits for a fresh step.
 */
export async function operatorSession(who: Who = 'operator'): Promise<KeptSession> {
  const { account, password, codesFile } = operator(who);
  const file = path.join(path.dirname(codesFile), `e2e-${who}-session.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptSession;
    // An hour's margin: a kept session outlives any journey that starts with it.
    if (kept.signedInAt + kept.expires_in * 1000 > Date.now() + 3_600_000) return kept;
  } catch {
    // none kept yet
  }
  const session = await ok<SignIn>('POST', '/api/ops/sign-in', {
    body: { account_name: account, password, otp: await operatorCode(who) },
  });
  const kept: KeptSession = { ...session, signedInAt: Date.now() };
  writeFileSync(file, JSON.stringify(kept));
  return kept;
}

export async function operatorToken(who: Who = 'operator'): Promise<string> {
  return (await operatorSession(who)).authorization;
}

/**
 * A browser context in `language` where the console is already signed in with the kept session:
 * the session is put where the console's sign-in puts it (sessionStorage, `ops.session`, shaped as
 * web/src/shared/ops/ops-session.ts saves it) before any of the page's scripts run.
 */
export async function opsContext(
  browser: Browser,
  language: string,
  viewport = { width: 1440, height: 900 },
  who: Who = 'operator',
): Promise<BrowserContext> {
  const session = await operatorSession(who);
  const kept = {
    token: session.authorization,
    accountName: session.account_name,
    displayName: session.display_name,
    expiresAt: session.signedInAt + session.expires_in * 1000,
  };
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  await context.addInitScript(
    ([lng, value]) => {
      localStorage.setItem('language', lng);
      sessionStorage.setItem('ops.session', value);
    },
    [language, JSON.stringify(kept)] as const,
  );
  return context;
}
