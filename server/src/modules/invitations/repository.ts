import type { Queryable } from '../../db/client.ts';

export async function findInviteLog(db: Queryable, inviterId: number, limit: number) {
  return db.query<{ invitee_id: string; created_at: Date; inviter_given_days: number }>(
    `SELECT invitee_id, created_at, inviter_given_days FROM invitations
      WHERE inviter_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [inviterId, limit],
  );
}

export async function countInvitations(db: Queryable, inviterId: number) {
  const [row] = await db.query<{ invite_number: string; given_days: string }>(
    `SELECT count(*) AS invite_number, coalesce(sum(inviter_given_days), 0) AS given_days
       FROM invitations WHERE inviter_id = $1`,
    [inviterId],
  );
  return { inviteNumber: Number(row!.invite_number), givenDays: Number(row!.given_days) };
}

export async function findInviteCode(db: Queryable, mainId: number): Promise<string | null> {
  const [row] = await db.query<{ invite_code: string | null }>('SELECT invite_code FROM users WHERE id = $1', [mainId]);
  return row?.invite_code ?? null;
}

/** Gives an account made before invite codes (or by a seed) its code; keeps one already there. */
export async function assignInviteCode(db: Queryable, mainId: number, code: string): Promise<string> {
  const [row] = await db.query<{ invite_code: string }>(
    `UPDATE users SET invite_code = coalesce(invite_code, $2) WHERE id = $1 RETURNING invite_code`,
    [mainId, code],
  );
  return row!.invite_code;
}
