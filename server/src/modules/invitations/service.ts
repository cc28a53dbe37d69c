import type { TInviteCode, TInviteLogItem, TInviteStatistics } from '@seller-centre/contract/invitations';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { ensureInviteCode } from '../accounts/service.ts';
import { giveInvitationDays } from '../packages/service.ts';
import { countInvitations, findInviteLog, insertInvitation } from './repository.ts';

/** The invite log shows the newest invitations; more than this is not a dialog's list. */
const INVITE_LOG_LIMIT = 200;

/**
 * Invitations belong to the tenant: an employee sees its main account's code and log. The
 * inviter's reward is recorded per invitation (inviter_given_days: the days its selection plans
 * moved at registration) and summed in the share info.
 */
export async function getInviteLog(db: Db, principal: Principal): Promise<TInviteLogItem[]> {
  const rows = await findInviteLog(db, principal.tenantId, INVITE_LOG_LIMIT);
  return rows.map((r) => ({
    invitee_uid: r.invitee_id,
    created_at: r.created_at.toISOString(),
    inviter_given_days: r.inviter_given_days,
  }));
}

export async function getInviteStatistics(db: Db, principal: Principal): Promise<TInviteStatistics> {
  const { inviteNumber, givenDays } = await countInvitations(db, principal.tenantId);
  return { invite_number: inviteNumber, given_days: givenDays };
}

/** The register page prefills and locks the code from this link (docs/product.md). */
function inviteUrl(origin: string, inviteCode: string): string {
  return `${origin}/register?invite_code=${encodeURIComponent(inviteCode)}&invite_code_type=1`;
}

export async function getInviteCode(db: Db, principal: Principal, origin: string): Promise<TInviteCode> {
  const code = await ensureInviteCode(db, principal.tenantId);
  return { invite_code: code, invite_url: inviteUrl(origin, code) };
}

/**
 * Records that `inviteeId` registered with the invite code of `inviterId` and gives the inviter
 * its days, in the registration's transaction (once per invitee: an invitee registers once).
 * The days received are the days the inviter's selection plans moved: none when it holds no
 * selection plan (docs/decisions.md).
 */
export async function recordInvitation(
  db: Db,
  input: { inviterId: number; inviteeId: number; inviteCodeType: string; givenDays: number },
): Promise<void> {
  const givenDays = await giveInvitationDays(db, { tenantId: input.inviterId, days: input.givenDays });
  await insertInvitation(db, { ...input, givenDays });
}

/** The tenant whose invite code `inviteeId` registered with, if any (commissions follow it). */
export async function inviterOf(db: Db, inviteeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('invitations')
    .select('inviter_id')
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return row?.inviter_id ?? null;
}
