import { sql } from 'kysely';
import { addQuota, spendQuota } from '../../modules/quota/service.ts';
import type { Db } from '../client.ts';

/**
 * The demo tenant's value-added quota and a few weeks of deductions, so the deduction bill is not
 * empty: bought through the quota module like a paid order would, spent by the main account and
 * the two demo employees, then dated back over the last 20 days.
 */
export async function seedQuotaDemo(tx: Db, tenantId: number): Promise<void> {
  const accounts = await tx
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('main_id', '=', tenantId)
    .orderBy('id')
    .execute();
  const bought = [
    { type: 1, amount: 500 },
    { type: 2, amount: 1_000 },
    { type: 3, amount: 300 },
    { type: 4, amount: 20_000 },
  ] as const;
  for (const { type, amount } of bought) {
    await addQuota(tx, {
      tenantId: tenantId,
      type,
      amount,
      key: `demo:add:${type}`,
      orderId: `DEMO-VA-${type}`,
      userName: 'demo',
    });
  }
  // The selection product's monitoring, bought like any value-added package.
  await addQuota(tx, {
    tenantId: tenantId,
    type: 8,
    amount: 1_000,
    key: 'demo:add:8',
    orderId: 'DEMO-VA-8',
    userName: 'demo',
  });
  const spends = 24;
  for (let i = 0; i < spends; i++) {
    const by = accounts[i % accounts.length]!;
    const type = bought[i % bought.length]!.type;
    const key = `demo:spend:${i}`;
    await spendQuota(tx, {
      tenantId: tenantId,
      type,
      amount: type === 4 ? 120 + 37 * i : 1 + (i % 4),
      key,
      orderId: `${type === 1 ? 'LST' : 'TSK'}${String(20260001 + i)}`,
      userId: by.id,
      userName: by.user_name ?? '',
    });
    // Oldest first, so later deductions (smaller left_num) are also the newest.
    await sql`UPDATE quota_logs SET created_at = now() - make_interval(hours => ${(spends - i) * 20})
              WHERE main_id = ${tenantId} AND key = ${key}`.execute(tx);
  }
}
