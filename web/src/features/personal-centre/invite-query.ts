/** `/home?invite` opens the invitations dialog on load (docs/product.md); the share card sets it too. */
export const INVITE_QUERY_KEY = 'invite';
