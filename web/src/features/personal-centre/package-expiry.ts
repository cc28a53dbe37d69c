/** Within this many days a package shows as expiring soon. */
const EXPIRING_SOON_DAYS = 30;

/** How an expiry date is coloured: past, within 30 days, or comfortably ahead. */
export function expiryTone(daysLeft: number): 'expired' | 'soon' | 'ok' {
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRING_SOON_DAYS ? 'soon' : 'ok';
}
