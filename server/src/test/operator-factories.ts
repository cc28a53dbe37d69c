import { randomBytes } from 'node:crypto';
import type { TOperatorRole } from '@seller-centre/contract/operators';
import { Secret, TOTP } from 'otpauth';
import { createOperator } from '../modules/operators/service.ts';
import { createOperatorSession } from '../platform/operator-auth.ts';
import type { TestApp } from './build-app.ts';

export const OPERATOR_PASSWORD = 'Operator-Passw0rd';

/** The code an authenticator app shows for this secret at `timestamp` (now by default). */
export function operatorOtp(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
}

/**
 * An operator account (as `ops:create-operator` makes it, with its TOTP secret) and a live operator
 * token. An admin unless `role` says otherwise, so a test about some console action is not about
 * roles; the role tests ask for the role they test.
 */
export async function createTestOperator(
  app: TestApp,
  overrides: { accountName?: string; displayName?: string; password?: string; role?: TOperatorRole } = {},
): Promise<{
  id: number;
  accountName: string;
  displayName: string;
  role: TOperatorRole;
  sessionId: number;
  token: string;
  totpSecret: string;
  recoveryCodes: string[];
}> {
  const accountName = overrides.accountName ?? `ops.${randomBytes(4).toString('hex')}`;
  const displayName = overrides.displayName ?? 'Test Operator';
  const { id, twoFactor } = await createOperator(app.db, {
    accountName,
    displayName,
    password: overrides.password ?? OPERATOR_PASSWORD,
    role: overrides.role ?? 'admin',
  });
  const session = await createOperatorSession(app.db, { operatorId: id, ip: '127.0.0.1', userAgent: 'vitest' });
  return {
    id,
    accountName,
    displayName,
    role: overrides.role ?? 'admin',
    sessionId: session.sessionId,
    token: session.token,
    totpSecret: twoFactor.secret,
    recoveryCodes: twoFactor.recoveryCodes,
  };
}
