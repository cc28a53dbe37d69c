import { hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import { seedAccessDemo } from './seeds/access.ts';
import { seedPersonalCentreDemo } from './seeds/personal-centre.ts';

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
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const [existing] = await tx.query('SELECT 1 FROM users LIMIT 1');
    if (existing) return undefined;
    const [main] = await tx.query<{ id: string }>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id)
       INSERT INTO users (id, main_id, user_type, user_name, area, phone_number, email, company_name, password_hash)
       SELECT id, id, 1, $1, $2, $3, $4, $5, $6 FROM next
       RETURNING id`,
      [
        DEMO_ACCOUNT.user_name,
        DEMO_ACCOUNT.area,
        DEMO_ACCOUNT.phone_number,
        DEMO_ACCOUNT.email,
        DEMO_ACCOUNT.company_name,
        passwordHash,
      ],
    );
    const mainId = Number(main!.id);
    await seedPersonalCentreDemo(tx, mainId);
    await seedAccessDemo(tx, mainId);
    return DEMO_ACCOUNT;
  });
}
