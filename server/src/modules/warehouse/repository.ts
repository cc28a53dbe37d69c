import { sql, type Insertable } from 'kysely';
import { toJsonb, type Db } from '../../db/client.ts';
import type { WhFeeBillsTable, WhRentsTable } from '../../db/schema.ts';
import type { ProviderRow, WarehouseAdapterKind, WarehouseSettings } from '../../providers/warehouse/provider.ts';

/** The tenant's provider links, by name. */
export function findTenantProviders(db: Db, tenantId: number) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['l.id as wws_id', 'p.name'])
    .where('l.main_id', '=', tenantId)
    .orderBy('p.name')
    .orderBy('l.id')
    .execute();
}

function mergeSettings(settings: unknown, credentials: unknown): WarehouseSettings {
  const base = (settings ?? {}) as WarehouseSettings;
  const own = (credentials ?? {}) as Partial<WarehouseSettings['eccang']>;
  if (!own || Object.keys(own).length === 0) return base;
  return { ...base, eccang: { ...(base.eccang ?? { endpoint: '', appToken: '', appKey: '' }), ...own } };
}

/** A provider as the tenant sees it through its link (wws_id), or undefined when the link is not the tenant's. */
export async function findProviderOfTenant(db: Db, tenantId: number, wwsId: number): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['p.id', 'l.id as wws_id', 'p.name', 'p.adapter', 'p.settings', 'l.credentials'])
    .where('l.id', '=', wwsId)
    .where('l.main_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    wwsId: row.wws_id,
    name: row.name,
    adapter: row.adapter as WarehouseAdapterKind,
    settings: mergeSettings(row.settings, row.credentials),
  };
}

/** A link by its id alone (operators, the system). */
export function findLink(db: Db, wwsId: number) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['l.id', 'l.main_id', 'l.provider_id', 'l.credit_line', 'p.name', 'p.adapter'])
    .where('l.id', '=', wwsId)
    .executeTakeFirst();
}

export async function creditLineOf(db: Db, wwsId: number): Promise<number> {
  const row = await db
    .selectFrom('wh_tenant_providers')
    .select('credit_line')
    .where('id', '=', wwsId)
    .executeTakeFirst();
  return row?.credit_line ?? 0;
}

export function updateCreditLine(db: Db, wwsId: number, fen: number) {
  return db.updateTable('wh_tenant_providers').set({ credit_line: fen }).where('id', '=', wwsId).executeTakeFirst();
}

export function findProviders(db: Db) {
  return db
    .selectFrom('wh_providers as p')
    .select([
      'p.id',
      'p.name',
      'p.adapter',
      'p.settings',
      'p.updated_at',
      sql<number>`(SELECT count(*) FROM wh_tenant_providers l WHERE l.provider_id = p.id)::int`.as('tenants'),
    ])
    .orderBy('p.id')
    .execute();
}

/** A new provider; undefined when the name is taken. */
export function insertProvider(db: Db, values: { name: string; adapter: WarehouseAdapterKind; settings: string }) {
  return db
    .insertInto('wh_providers')
    .values(values)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['id', 'updated_at'])
    .executeTakeFirst();
}

/** A new link of a tenant to a provider; undefined when the tenant is linked already. */
export function insertLink(db: Db, link: { tenantId: number; providerId: number; credentials?: object | undefined }) {
  return db
    .insertInto('wh_tenant_providers')
    .values({ main_id: link.tenantId, provider_id: link.providerId, credentials: toJsonb(link.credentials ?? {}) })
    .onConflict((oc) => oc.columns(['main_id', 'provider_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function updateLinkCredentials(db: Db, wwsId: number, credentials: object) {
  return db
    .updateTable('wh_tenant_providers')
    .set({ credentials: toJsonb(credentials) })
    .where('id', '=', wwsId)
    .execute();
}

export function findLinkOf(db: Db, tenantId: number, providerId: number) {
  return db
    .selectFrom('wh_tenant_providers')
    .select('id')
    .where('main_id', '=', tenantId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/**
 * The warehouses a link serves, each with a code W01, W02, ... in the order added; answers how
 * many were new.
 */
export async function addLinkWarehouses(db: Db, wwsId: number, warehouseIds: readonly number[]): Promise<number> {
  if (!warehouseIds.length) return 0;
  const present = await db
    .selectFrom('wh_link_warehouses')
    .select('warehouse_id')
    .where('wws_id', '=', wwsId)
    .execute();
  const have = new Set(present.map((r) => r.warehouse_id));
  const fresh = warehouseIds.filter((id) => !have.has(id));
  if (!fresh.length) return 0;
  await db
    .insertInto('wh_link_warehouses')
    .values(
      fresh.map((id, i) => ({
        wws_id: wwsId,
        warehouse_id: id,
        code: `W${String(present.length + i + 1).padStart(2, '0')}`,
      })),
    )
    .execute();
  return fresh.length;
}

export function updateProviderSettings(db: Db, providerId: number, settings: string) {
  return db
    .updateTable('wh_providers')
    .set({ settings, updated_at: sql`now()` })
    .where('id', '=', providerId)
    .returning('id')
    .executeTakeFirst();
}

export function findLinks(db: Db, filter: { tenantId?: number | undefined }) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .innerJoin('users as u', 'u.id', 'l.main_id')
    .select([
      'l.id as wws_id',
      'l.main_id',
      'u.user_name',
      'p.id as provider_id',
      'p.name',
      'p.adapter',
      'l.credit_line',
    ])
    .$if(filter.tenantId !== undefined, (q) => q.where('l.main_id', '=', filter.tenantId!))
    .orderBy('l.id')
    .limit(500)
    .execute();
}

export function findFeeTypes(db: Db) {
  return db.selectFrom('wh_fee_types').select(['code', 'name_cn', 'name_en']).orderBy('sort').orderBy('code').execute();
}

export function findFlowByKey(db: Db, wwsId: number, key: string) {
  return db
    .selectFrom('wh_fee_flows')
    .selectAll()
    .where('wws_id', '=', wwsId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The warehouse when the link serves it (it is among the link's warehouses); undefined otherwise. */
export function findLinkWarehouse(db: Db, wwsId: number, warehouseId: number) {
  return db
    .selectFrom('wh_link_warehouses')
    .select('warehouse_id')
    .where('wws_id', '=', wwsId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

/** A new fee bill; undefined when the link has a bill with this key already. */
export function insertFeeBill(db: Db, values: Insertable<WhFeeBillsTable>) {
  return db
    .insertInto('wh_fee_bills')
    .values(values)
    .onConflict((oc) => oc.columns(['wws_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The link's fee bill with this key (it must exist), with its amount to tell a replay from a reused key. */
export function findFeeBillByKey(db: Db, wwsId: number, key: string) {
  return db
    .selectFrom('wh_fee_bills')
    .select(['id', 'amount'])
    .where('wws_id', '=', wwsId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** A new rent row; undefined when the link has a rent row with this key already. */
export function insertRent(db: Db, values: Insertable<WhRentsTable>) {
  return db
    .insertInto('wh_rents')
    .values(values)
    .onConflict((oc) => oc.columns(['wws_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The link's rent row with this key (it must exist), with its amount to tell a replay from a reused key. */
export function findRentByKey(db: Db, wwsId: number, key: string) {
  return db
    .selectFrom('wh_rents')
    .select(['id', 'is_amount'])
    .where('wws_id', '=', wwsId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** What completing a payment note could credit, and whose: the note's amount and currency. */
export function findPaymentNoteMoney(db: Db, id: number) {
  return db
    .selectFrom('wh_payment_notes')
    .select(['main_id', 'amount', 'currency_code'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The credit line an application asks for, and whose. */
export function findCreditApplicationMoney(db: Db, aclCode: string) {
  return db
    .selectFrom('wh_credit_applications')
    .select(['main_id', 'apply_credit'])
    .where('acl_code', '=', aclCode)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- credit-line applications

/** An application's columns as the tenant's list and the operators' queue show them. */
export const CREDIT_APPLICATION_COLUMNS = [
  'acl_code',
  'org_value',
  'apply_credit',
  'reason',
  'verify_note',
  'status',
  'applicant_name',
  'applied_at',
  'effective_at',
  'verified_at',
  'updated_at',
] as const;

/** A new application under review; the partial unique index `wh_credit_applications_one_pending` refuses a second. */
export function insertCreditApplication(
  db: Db,
  values: {
    acl_code: string;
    main_id: number;
    wws_id: number;
    org_value: number;
    apply_credit: number;
    reason: string;
    applicant_id: number;
    applicant_name: string;
    effective_at: Date;
  },
) {
  return db.insertInto('wh_credit_applications').values(values).returning('acl_code').executeTakeFirstOrThrow();
}

export type CreditApplicationFilter = {
  wwsId: number;
  tenantId: number;
  status?: number | undefined;
  channel?: number | undefined;
  applicantNameLike?: string | undefined;
  aclCodeLike?: string | undefined;
  timeColumn: 'applied_at' | 'verified_at';
  from?: Date | undefined;
  to?: Date | undefined;
};

/** One page of an account's applications (not deleted), newest first, and how many match. */
export async function findCreditApplicationPage(
  db: Db,
  f: CreditApplicationFilter,
  page: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('wh_credit_applications')
    .where('wws_id', '=', f.wwsId)
    .where('main_id', '=', f.tenantId)
    .where('deleted_at', 'is', null)
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status!))
    .$if(f.channel !== undefined, (q) => q.where('channel', '=', f.channel!))
    .$if(f.applicantNameLike !== undefined, (q) => q.where('applicant_name', 'like', f.applicantNameLike!))
    .$if(f.aclCodeLike !== undefined, (q) => q.where('acl_code', 'like', f.aclCodeLike!))
    .$if(f.from !== undefined, (q) => q.where(f.timeColumn, '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where(f.timeColumn, '<=', f.to!));
  const [rows, count] = await Promise.all([
    base
      .select(CREDIT_APPLICATION_COLUMNS)
      .orderBy('applied_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An application of this account that the tenant has not deleted. */
export function findOwnCreditApplication(db: Db, own: { aclCode: string; wwsId: number; tenantId: number }) {
  return db
    .selectFrom('wh_credit_applications')
    .select(['id', 'status'])
    .where('acl_code', '=', own.aclCode)
    .where('wws_id', '=', own.wwsId)
    .where('main_id', '=', own.tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Voids an application still at `from` (a guarded update); undefined when it was not there. */
export function voidCreditApplication(db: Db, id: number, status: { from: number; to: number }) {
  return db
    .updateTable('wh_credit_applications')
    .set({ status: status.to, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', status.from)
    .returning('id')
    .executeTakeFirst();
}

/** Deletes (from the tenant's list) an application at `status` not deleted yet; undefined otherwise. */
export function deleteCreditApplication(db: Db, id: number, status: number) {
  return db
    .updateTable('wh_credit_applications')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', status)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Locks an account link (FOR UPDATE) for the rest of the transaction, with what its line depends on. */
export function lockLinkForCreditLine(tx: Db, wwsId: number) {
  return tx
    .selectFrom('wh_tenant_providers')
    .select(['id', 'main_id', 'provider_id', 'credit_line'])
    .where('id', '=', wwsId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks an account link (FOR UPDATE) for the rest of the transaction. */
export function lockLink(tx: Db, wwsId: number) {
  return tx.selectFrom('wh_tenant_providers').select('id').where('id', '=', wwsId).forUpdate().execute();
}

/** The newest application at `approvedStatus` whose effective time has not passed: the line asked for. */
export function findCreditInForce(db: Db, wwsId: number, approvedStatus: number) {
  return db
    .selectFrom('wh_credit_applications')
    .select('apply_credit')
    .where('wws_id', '=', wwsId)
    .where('status', '=', approvedStatus)
    .where('effective_at', '>', sql<Date>`now()`)
    .orderBy('verified_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Applications at `approvedStatus` whose effective time has passed, the longest past first. */
export function findDueCreditApplications(db: Db, approvedStatus: number, limit: number) {
  return db
    .selectFrom('wh_credit_applications')
    .select(['id', 'wws_id'])
    .where('status', '=', approvedStatus)
    .where('effective_at', '<=', sql<Date>`now()`)
    .orderBy('effective_at')
    .limit(limit)
    .execute();
}

/** Expires an application still approved and past its effective time (a guarded update); undefined otherwise. */
export function expireCreditApplication(tx: Db, id: number, status: { from: number; to: number }) {
  return tx
    .updateTable('wh_credit_applications')
    .set({ status: status.to, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', status.from)
    .where('effective_at', '<=', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
}

/** Links whose line is above the newest approved application in force (held up by spending). */
export function findLinksAboveLineInForce(db: Db, approvedStatus: number, limit: number) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .select('l.id')
    .where('l.credit_line', '>', 0)
    .where(
      'l.credit_line',
      '>',
      sql<number>`coalesce((SELECT a.apply_credit FROM wh_credit_applications a
        WHERE a.wws_id = l.id AND a.status = ${approvedStatus} AND a.effective_at > now()
        ORDER BY a.verified_at DESC, a.id DESC LIMIT 1), 0)`,
    )
    .limit(limit)
    .execute();
}

function creditApplicationsForOperator(db: Db) {
  return db
    .selectFrom('wh_credit_applications as a')
    .innerJoin('wh_tenant_providers as l', 'l.id', 'a.wws_id')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .innerJoin('users as u', 'u.id', 'a.main_id');
}

const OPS_CREDIT_APPLICATION_COLUMNS = [
  ...CREDIT_APPLICATION_COLUMNS.map((c) => `a.${c}` as const),
  'a.main_id',
  'a.wws_id',
  'l.credit_line',
  'u.user_name as tenant_name',
  'u.phone_number',
  'p.name as provider_name',
] as const;

/** One page of applications for operators, with tenant and provider; oldest first when `oldestFirst`. */
export async function findCreditApplicationPageForOperator(
  db: Db,
  f: { tenantId?: number | undefined; status?: number | undefined; oldestFirst: boolean },
  page: { limit: number; offset: number },
) {
  const base = creditApplicationsForOperator(db)
    .$if(f.tenantId !== undefined, (b) => b.where('a.main_id', '=', f.tenantId!))
    .$if(f.status !== undefined, (b) => b.where('a.status', '=', f.status!));
  const direction = f.oldestFirst ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .select(OPS_CREDIT_APPLICATION_COLUMNS)
      .orderBy('a.applied_at', direction)
      .orderBy('a.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One application as operators see it (it must exist). */
export function findCreditApplicationForOperator(db: Db, aclCode: string) {
  return creditApplicationsForOperator(db)
    .select(OPS_CREDIT_APPLICATION_COLUMNS)
    .where('a.acl_code', '=', aclCode)
    .executeTakeFirstOrThrow();
}

/** An application by its code, with what a decision needs. */
export function findCreditApplicationByCode(db: Db, aclCode: string) {
  return db
    .selectFrom('wh_credit_applications')
    .select(['id', 'main_id', 'wws_id', 'status', 'apply_credit'])
    .where('acl_code', '=', aclCode)
    .executeTakeFirst();
}

/**
 * An operator's decision, a guarded update from `from`; with `unlapsedOnly`, only while the
 * effective time has not passed. Undefined when the application was not there.
 */
export function decideCreditApplication(
  tx: Db,
  id: number,
  d: { from: number; to: number; note: string; operatorId: number; unlapsedOnly: boolean },
) {
  return tx
    .updateTable('wh_credit_applications')
    .set({ status: d.to, verify_note: d.note, verified_at: sql`now()`, updated_at: sql`now()`, operator_id: d.operatorId })
    .where('id', '=', id)
    .where('status', '=', d.from)
    .$if(d.unlapsedOnly, (q) => q.where('effective_at', '>', sql<Date>`now()`))
    .returning('id')
    .executeTakeFirst();
}

// ---------------------------------------------------------------- payment notes (offline top-ups)

/** A note's columns as the tenant's list, its detail and the operators' queue show them. */
export const PAYMENT_NOTE_COLUMNS = [
  'id',
  'main_id',
  'wws_id',
  'reference_no',
  'status',
  'pm_code',
  'pm_title',
  'transaction_no',
  'transaction_date',
  'ba_bankname',
  'ba_code',
  'amount',
  'currency_code',
  'arrival_amount',
  'user_code',
  'note',
  'operator_desc',
  'attachments',
  'created_at',
  'verified_at',
] as const;

/** A new note; the unique index `wh_payment_notes_transaction` refuses a transaction number twice. */
export function insertPaymentNote(
  db: Db,
  values: {
    main_id: number;
    wws_id: number;
    reference_no: string;
    pm_code: string;
    pm_title: string;
    transaction_no: string;
    transaction_date: Date;
    ba_id: number;
    ba_bankname: string;
    ba_code: string;
    amount: number;
    currency_code: string;
    user_id: number;
    user_code: string;
    note: string;
    /** JSON text (`toJsonb`). */
    attachments: string;
  },
) {
  return db.insertInto('wh_payment_notes').values(values).returning(['id', 'reference_no']).executeTakeFirstOrThrow();
}

export type PaymentNoteFilter = {
  wwsId: number;
  tenantId: number;
  status?: number | undefined;
  pmCode?: string | undefined;
  search?: { column: 'transaction_no' | 'reference_no'; like: string } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** One page of an account's notes, newest first, and how many match. */
export async function findPaymentNotePage(db: Db, f: PaymentNoteFilter, page: { limit: number; offset: number }) {
  const base = db
    .selectFrom('wh_payment_notes')
    .where('wws_id', '=', f.wwsId)
    .where('main_id', '=', f.tenantId)
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status!))
    .$if(f.pmCode !== undefined, (q) => q.where('pm_code', '=', f.pmCode!))
    .$if(f.search !== undefined, (q) => q.where(f.search!.column, 'like', f.search!.like))
    .$if(f.from !== undefined, (q) => q.where('created_at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('created_at', '<=', f.to!));
  const [rows, count] = await Promise.all([
    base
      .select(PAYMENT_NOTE_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One note of this account. */
export function findOwnPaymentNote(db: Db, own: { id: number; wwsId: number; tenantId: number }) {
  return db
    .selectFrom('wh_payment_notes')
    .select(PAYMENT_NOTE_COLUMNS)
    .where('id', '=', own.id)
    .where('wws_id', '=', own.wwsId)
    .where('main_id', '=', own.tenantId)
    .executeTakeFirst();
}

/** Locks (FOR UPDATE, in id order) the notes among `ids` that are this account's, with their status. */
export function lockOwnPaymentNotes(tx: Db, ids: readonly number[], own: { wwsId: number; tenantId: number }) {
  return tx
    .selectFrom('wh_payment_notes')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .where('wws_id', '=', own.wwsId)
    .where('main_id', '=', own.tenantId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Moves the notes among `ids` still at one of `from` to `to` (a guarded update). */
export function setPaymentNotesStatus(tx: Db, ids: readonly number[], status: { from: readonly number[]; to: number }) {
  return tx
    .updateTable('wh_payment_notes')
    .set({ status: status.to, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('status', 'in', status.from)
    .execute();
}

export type OperatorPaymentNoteFilter = {
  id?: number | undefined;
  tenantId?: number | undefined;
  /** One status, or any of several. */
  status?: number | undefined;
  statusIn?: readonly number[] | undefined;
};

function paymentNotesForOperator(db: Db, f: OperatorPaymentNoteFilter) {
  return db
    .selectFrom('wh_payment_notes as n')
    .innerJoin('wh_tenant_providers as l', 'l.id', 'n.wws_id')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .innerJoin('users as u', 'u.id', 'n.main_id')
    .$if(f.id !== undefined, (b) => b.where('n.id', '=', f.id!))
    .$if(f.tenantId !== undefined, (b) => b.where('n.main_id', '=', f.tenantId!))
    .$if(f.statusIn !== undefined, (b) => b.where('n.status', 'in', f.statusIn!))
    .$if(f.status !== undefined, (b) => b.where('n.status', '=', f.status!));
}

const OPS_PAYMENT_NOTE_COLUMNS = [
  ...PAYMENT_NOTE_COLUMNS.map((c) => `n.${c}` as const),
  'u.user_name as tenant_name',
  'u.phone_number',
  'p.name as provider_name',
] as const;

/** One page of notes for operators, with tenant and provider; oldest first when `oldestFirst`. */
export async function findPaymentNotePageForOperator(
  db: Db,
  f: OperatorPaymentNoteFilter & { oldestFirst: boolean },
  page: { limit: number; offset: number },
) {
  const base = paymentNotesForOperator(db, f);
  const direction = f.oldestFirst ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .select(OPS_PAYMENT_NOTE_COLUMNS)
      .orderBy('n.created_at', direction)
      .orderBy('n.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One note as operators see it. */
export function findPaymentNoteForOperator(db: Db, id: number) {
  return paymentNotesForOperator(db, { id }).select(OPS_PAYMENT_NOTE_COLUMNS).executeTakeFirst();
}

/** Locks a note (FOR UPDATE) with what a decision needs. */
export function lockPaymentNote(tx: Db, id: number) {
  return tx
    .selectFrom('wh_payment_notes')
    .select(['id', 'main_id', 'wws_id', 'status', 'amount', 'currency_code', 'reference_no', 'transaction_no'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** An operator's decision, a guarded update from one of `from`; undefined when the note was not there. */
export function decidePaymentNote(
  tx: Db,
  id: number,
  d: {
    from: readonly number[];
    to: number;
    operatorId: number;
    operatorDesc?: string | undefined;
    arrivalAmount?: number | undefined;
  },
) {
  return tx
    .updateTable('wh_payment_notes')
    .set({
      status: d.to,
      operator_id: d.operatorId,
      verified_at: sql`now()`,
      updated_at: sql`now()`,
      ...(d.operatorDesc !== undefined ? { operator_desc: d.operatorDesc } : {}),
      ...(d.arrivalAmount !== undefined ? { arrival_amount: d.arrivalAmount } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', d.from)
    .returning('id')
    .executeTakeFirst();
}
