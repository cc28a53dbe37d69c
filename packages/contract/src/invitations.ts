import { z } from 'zod';

/** Invite codes and the accounts registered with them (docs/product.md, personal centre). */

export const invitationPaths = {
  inviteLog: '/api/v2/user/invite/log',
  inviteCode: '/api/v2/user/invite/code',
  inviteStatistics: '/api/v2/user/invite/statistics',
} as const;

/** An invitee registered with the tenant's invite code; the log is newest first. */
export const ZInviteLogItem = z.object({
  invitee_uid: z.number().int(),
  created_at: z.string(),
  inviter_given_days: z.number().int(),
});
export const ZInviteLog = z.array(ZInviteLogItem);
export const ZInviteCode = z.object({ invite_code: z.string(), invite_url: z.string() });
export const ZInviteStatistics = z.object({ invite_number: z.number().int(), given_days: z.number().int() });
export type TInviteLogItem = z.infer<typeof ZInviteLogItem>;
export type TInviteCode = z.infer<typeof ZInviteCode>;
export type TInviteStatistics = z.infer<typeof ZInviteStatistics>;
