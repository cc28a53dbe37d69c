import { SUPPLIER_STATUS, type TSupplierInfo } from '@seller-centre/contract/supplier';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** The queries of supplier applications (`supplier_applications`, one per tenant). */

const INFO_COLUMNS = ['username', 'bank_name', 'bank_number', 'retailer_name', 'status', 'reason'] as const;

export async function findApplication(db: Db, tenantId: number): Promise<TSupplierInfo | undefined> {
  return db.selectFrom('supplier_applications').select(INFO_COLUMNS).where('main_id', '=', tenantId).executeTakeFirst();
}

export type ApplicationFields = Pick<TSupplierInfo, 'username' | 'bank_name' | 'bank_number' | 'retailer_name'>;

/**
 * Submits the tenant's application, or resubmits a rejected one in place, in one guarded
 * statement; undefined when one is already submitted or approved.
 */
export async function submitApplication(
  db: Db,
  tenantId: number,
  fields: ApplicationFields,
): Promise<TSupplierInfo | undefined> {
  const values = { ...fields, status: SUPPLIER_STATUS.submitted, reason: '' };
  return db
    .insertInto('supplier_applications')
    .values({ main_id: tenantId, ...values })
    .onConflict((oc) =>
      oc
        .column('main_id')
        .doUpdateSet({ ...values, submitted_at: sql`now()`, reviewed_at: null, reviewed_by: null })
        .where('supplier_applications.status', '=', SUPPLIER_STATUS.rejected),
    )
    .returning(INFO_COLUMNS)
    .executeTakeFirst();
}

/** One page of applications, newest first, optionally of one status, with the tenant's name. */
export async function findApplicationPage(
  db: Db,
  query: { status?: number | undefined; page: number; page_size: number },
) {
  const base = db
    .selectFrom('supplier_applications as a')
    .innerJoin('users as u', 'u.id', 'a.main_id')
    .$if(query.status !== undefined, (q) => q.where('a.status', '=', query.status!));
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.main_id',
        'u.user_name',
        'a.username',
        'a.bank_name',
        'a.bank_number',
        'a.retailer_name',
        'a.status',
        'a.reason',
        'a.submitted_at',
        'a.reviewed_at',
      ])
      .orderBy('a.submitted_at', 'desc')
      .orderBy('a.main_id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Decides a submitted application (a guarded update: undefined when it is not submitted or
 * does not exist); `applicationStatus` tells the two apart.
 */
export async function decideApplication(
  db: Db,
  tenantId: number,
  decision: { status: number; reason: string; operatorId: number },
): Promise<TSupplierInfo | undefined> {
  return db
    .updateTable('supplier_applications')
    .set({ status: decision.status, reason: decision.reason, reviewed_at: sql`now()`, reviewed_by: decision.operatorId })
    .where('main_id', '=', tenantId)
    .where('status', '=', SUPPLIER_STATUS.submitted)
    .returning(INFO_COLUMNS)
    .executeTakeFirst();
}

export async function applicationStatus(db: Db, tenantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('supplier_applications')
    .select('status')
    .where('main_id', '=', tenantId)
    .executeTakeFirst();
  return row?.status;
}
