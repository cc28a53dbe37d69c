import type { TOperatorRole } from '@seller-centre/contract/operators';
import type { Selectable } from 'kysely';
import { transaction, type Db } from '../../db/client.ts';
import type { OperatorsTable } from '../../db/schema.ts';

export type OperatorRow = Pick<
  Selectable<OperatorsTable>,
  'id' | 'account_name' | 'display_name' | 'password_hash' | 'status' | 'totp_secret' | 'role'
>;

export async function findOperatorByAccountName(db: Db, accountName: string): Promise<OperatorRow | null> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'account_name', 'display_name', 'password_hash', 'status', 'totp_secret', 'role'])
    .where((eb) => eb(eb.fn('lower', ['account_name']), '=', eb.fn('lower', [eb.val(accountName)])))
    .executeTakeFirst();
  return row ?? null;
}

/** Inserts an operator, or answers null when the account name is taken (whatever its case). */
export async function insertOperator(
  db: Db,
  input: { accountName: string; displayName: string; passwordHash: string; role: TOperatorRole },
): Promise<number | null> {
  const row = await db
    .insertInto('operators')
    .values({
      account_name: input.accountName,
      display_name: input.displayName,
      password_hash: input.passwordHash,
      role: input.role,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Gives an operator a new TOTP secret and recovery codes, replacing any earlier ones. */
export async function replaceTwoFactor(
  db: Db,
  operatorId: number,
  input: { secret: string; recoveryCodeHashes: Buffer[] },
): Promise<void> {
  await transaction(db, async (tx) => {
    await tx
      .updateTable('operators')
      .set({ totp_secret: input.secret, totp_last_step: null, updated_at: new Date() })
      .where('id', '=', operatorId)
      .execute();
    await tx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
    await tx
      .insertInto('operator_recovery_codes')
      .values(input.recoveryCodeHashes.map((hash) => ({ operator_id: operatorId, code_hash: hash })))
      .execute();
  });
}

/**
 * Records `step` as the operator's newest accepted TOTP step, only when it is newer than the one
 * before: false means the code (or an older one) was used already. One statement, so two sign-ins
 * racing with the same code cannot both win.
 */
export async function acceptTotpStep(db: Db, operatorId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses up an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(db: Db, operatorId: number, codeHash: Buffer): Promise<boolean> {
  const row = await db
    .updateTable('operator_recovery_codes')
    .set({ used_at: new Date() })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of operators, oldest first (the console's operators list). */
export async function listOperators(db: Db, page: { offset: number; limit: number }) {
  const [count, rows] = await Promise.all([
    db.selectFrom('operators').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('operators')
      .select(['id', 'account_name', 'display_name', 'role', 'status', 'created_at'])
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/**
 * Locks every enabled admin's row and answers their ids, so a role change that checks "another
 * admin remains" cannot race another such change (two admins demoting each other at once).
 */
export async function lockEnabledAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 1)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function findOperatorForUpdate(tx: Db, id: number) {
  const row = await tx
    .selectFrom('operators')
    .select(['id', 'account_name', 'display_name', 'role', 'status', 'created_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function setOperatorRole(tx: Db, id: number, role: TOperatorRole): Promise<void> {
  await tx.updateTable('operators').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
}
