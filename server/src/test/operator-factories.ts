import { randomBytes } from 'node:crypto';
import { createOperator } from '../modules/operators/service.ts';
import { createOperatorSession } from '../platform/operator-auth.ts';
import type { TestApp } from './build-app.ts';

export const OPERATOR_PASSWORD = 'Operator-Passw0rd';

/** An operator account (as `ops:create-operator` makes it) and a live operator token. */
export async function createTestOperator(
  app: TestApp,
  overrides: { accountName?: string; displayName?: string; password?: string } = {},
): Promise<{ id: number; accountName: string; token: string }> {
  const accountName = overrides.accountName ?? `ops.${randomBytes(4).toString('hex')}`;
  const id = await createOperator(app.db, {
    accountName,
    displayName: overrides.displayName ?? 'Test Operator',
    password: overrides.password ?? OPERATOR_PASSWORD,
  });
  const session = await createOperatorSession(app.db, { operatorId: id, ip: '127.0.0.1', userAgent: 'vitest' });
  return { id, accountName, token: session.token };
}
