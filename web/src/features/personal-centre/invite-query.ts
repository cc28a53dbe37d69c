/** `/home?invite` opens the invitations dialog on load (spec 01 section 2); the share card sets it too. */
export const INVITE_QUERY_KEY = 'invite';
