import type { Db } from '../../db/client.ts';

export async function insertInvitation(
  db: Db,
  input: { inviterId: number; inviteeId: number; inviteCodeType: string; givenDays: number },
): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      inviter_id: input.inviterId,
      invitee_id: input.inviteeId,
      invite_code_type: input.inviteCodeType,
      inviter_given_days: input.givenDays,
    })
    .execute();
}

export async function findInviteLog(db: Db, inviterId: number, limit: number) {
  return db
    .selectFrom('invitations')
    .select(['invitee_id', 'created_at', 'inviter_given_days'])
    .where('inviter_id', '=', inviterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countInvitations(db: Db, inviterId: number) {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [
      eb.fn.countAll<number>().as('invite_number'),
      eb.fn.coalesce(eb.fn.sum<number>('inviter_given_days'), eb.lit(0)).as('given_days'),
    ])
    .where('inviter_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return { inviteNumber: row.invite_number, givenDays: row.given_days };
}
