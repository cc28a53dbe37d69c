import { sql } from 'kysely';
import { createMainAccount } from '../modules/accounts/service.ts';
import { hashPassword } from '../platform/passwords.ts';
import { transaction, type Db } from './client.ts';
import { seedAccessDemo } from './seeds/access.ts';
import { seedDistributionDemo } from './seeds/distribution.ts';
import { seedOrdersDemo } from './seeds/orders.ts';
import { DEMO_INVITE_CODE, seedPersonalCentreDemo } from './seeds/personal-centre.ts';
import { seedQuotaDemo } from './seeds/quota.ts';
import { seedWarehouseDemo } from './seeds/warehouse.ts';
import { seedThirdPartyDemo } from './seeds/third-party.ts';

export const DEMO_ACCOUNT = {
  user_name: 'demo',
  area: '86',
  phone_number: '13800138000',
  password: 'Demo@2026',
  company_name: 'Demo Trading Co.',
  email: 'demo@example.com',
} as const;

/**
 * On the first start of an empty database, one demo tenant so a newcomer can sign in at once.
 * Returns the sign-in details when it seeded, nothing when the database already had accounts.
 */
export async function seedDemo(db: Db): Promise<typeof DEMO_ACCOUNT | undefined> {
  // Every start but the first finds accounts: answered by one read, without hashing a password
  // for nothing. The check is repeated under the lock below.
  if (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) return undefined;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  return transaction(db, async (tx) => {
    await sql`LOCK TABLE users IN EXCLUSIVE MODE`.execute(tx);
    if (await tx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return undefined;
    const tenantId = await createMainAccount(tx, {
      userName: DEMO_ACCOUNT.user_name,
      area: DEMO_ACCOUNT.area,
      phoneNumber: DEMO_ACCOUNT.phone_number,
      email: DEMO_ACCOUNT.email,
      companyName: DEMO_ACCOUNT.company_name,
      passwordHash,
      inviteCode: DEMO_INVITE_CODE,
    });
    await seedPersonalCentreDemo(tx, tenantId);
    await seedAccessDemo(tx, tenantId);
    await seedQuotaDemo(tx, tenantId);
    await seedOrdersDemo(tx, tenantId, DEMO_ACCOUNT.user_name);
    await seedWarehouseDemo(tx, tenantId);
    await seedDistributionDemo(tx, tenantId);
    await seedThirdPartyDemo(tx, tenantId);
    return DEMO_ACCOUNT;
  });
}
