import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Every table as the migrations leave it, in one place. `schema.api.test.ts` compares these
 * declarations with the migrated database (tables, columns, types, nullability, defaults), so a
 * migration without the matching change here fails the API suite.
 *
 * How values cross the driver (set up once, in db/client.ts, for PGlite and `pg` alike):
 * - `bigint` columns (ids, counts, and money in integer fen) read as JS `number`; a value outside
 *   ±2^53 throws instead of losing precision. 2^53 fen is about 90 trillion yuan.
 * - `numeric` reads and writes as a decimal string, never a float (`Numeric`).
 * - `timestamptz` reads as a `Date`; `jsonb` reads parsed and is written as JSON text
 *   (`toJsonb` in db/client.ts); `bytea` reads as bytes.
 * Write `Generated<...>` for a column the database fills when an insert leaves it out.
 */

/** bigint: a JS number (safe integers only). */
export type Int8 = number;
/** integer */
export type Int4 = number;
/** smallint */
export type Int2 = number;
/** numeric: a decimal string such as "12.50". */
export type Numeric = string;
/** timestamptz */
export type Timestamptz = Date;
/** date: written as 'YYYY-MM-DD'; read cast to text, as the drivers differ in what they make of it. */
export type PgDate = string;
/** jsonb: read parsed; written as JSON text. */
export type Jsonb = ColumnType<unknown, string, string>;
/** bytea */
export type Bytea = Uint8Array;
/** smallint[] */
export type Int2Array = number[];

export interface UsersTable {
  id: Generated<Int8>;
  main_id: Int8;
  user_type: Int2;
  account_type: Generated<Int2>;
  agent_id: Generated<Int4>;
  user_name: string | null;
  area: Generated<string>;
  phone_number: string;
  email: Generated<string>;
  company_name: Generated<string>;
  password_hash: string | null;
  status: Generated<Int2>;
  we_chat_open_id: string | null;
  we_chat_nickname: Generated<string>;
  co_chat_status: Generated<Int2>;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
  invite_code: string | null;
  reg_source: Generated<string>;
  reg_system: Generated<Int2>;
  reg_referrer: Generated<string>;
  reg_secondary_source: Generated<string>;
  auth_role_id: Int8 | null;
  system_list: Generated<Int2Array>;
  created_by: Int8 | null;
}

export interface SessionsTable {
  id: Generated<Int8>;
  user_id: Int8;
  token_hash: Bytea;
  method: string;
  system: Generated<Int2>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Generated<Timestamptz>;
  expires_at: Timestamptz;
  revoked_at: Timestamptz | null;
}

export interface RateLimitsTable {
  key: string;
  hits: Int4;
  reset_at: Timestamptz;
}

export interface SmsCodesTable {
  id: Generated<Int8>;
  area: string;
  phone_number: string;
  type: string;
  salt: Bytea;
  code_hash: Bytea;
  attempts: Generated<Int2>;
  ip: Generated<string>;
  created_at: Generated<Timestamptz>;
  expires_at: Timestamptz;
  consumed_at: Timestamptz | null;
}

export interface SmsOutboxTable {
  id: Generated<Int8>;
  area: string;
  phone_number: string;
  type: string;
  code: string;
  sent_at: Generated<Timestamptz>;
}

export interface WechatScenesTable {
  scene_mark: string;
  open_id: string | null;
  nickname: Generated<string>;
  created_at: Generated<Timestamptz>;
  expires_at: Timestamptz;
  scanned_at: Timestamptz | null;
  consumed_at: Timestamptz | null;
  user_id: Int8 | null;
  /** Set on a scene issued for binding a WeChat: the re-authenticated account it may bind. */
  bind_user_id: Int8 | null;
}

export interface WechatDeliveriesTable {
  timestamp: string;
  nonce: string;
  received_at: Generated<Timestamptz>;
}

export interface InvitationsTable {
  id: Generated<Int8>;
  inviter_id: Int8;
  invitee_id: Int8;
  invite_code_type: Generated<string>;
  inviter_given_days: Int4;
  created_at: Generated<Timestamptz>;
}

export interface PackagePlatformsTable {
  id: Generated<Int8>;
  main_id: Int8;
  system: Generated<Int2>;
  platform: string;
  platform_image_url: Generated<string>;
  shop_number: Int4;
  surplus_shop_number: Int4;
  expire_at: Timestamptz;
}

export interface CouponsTable {
  id: Generated<Int8>;
  main_id: Int8;
  title: string;
  use_type: Int2;
  use_type_value: Int2 | null;
  discount_type: Int2;
  discount_value: Numeric;
  min_basket_price: Generated<Numeric>;
  expiration_time: Timestamptz;
  system_type: Generated<Int2>;
  used_at: Timestamptz | null;
  created_at: Generated<Timestamptz>;
  reserved_order_id: Int8 | null;
  used_order_id: Int8 | null;
}

export interface DistributionSettingsTable {
  main_id: Int8;
  is_show_distributor: Generated<boolean>;
  is_sync_m2b: Generated<boolean>;
}

export interface SystemConfigTable {
  config_code: string;
  config_value: Jsonb;
  sort: Generated<Int4>;
  updated_at: Generated<Timestamptz>;
}

export interface AuthRolesTable {
  id: Generated<Int8>;
  main_id: Int8 | null;
  name: string;
  describe: Generated<string>;
  status: Generated<Int2>;
  created_by: Int8 | null;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
}

export interface AuthRoleMenusTable {
  role_id: Int8;
  menu_id: Int4;
}

export interface PlatformsTable {
  main_id: Int8;
  code: string;
  name: string;
  sort: Generated<Int4>;
}

export interface ShopsTable {
  id: Generated<Int8>;
  main_id: Int8;
  platform: string;
  shop_name: string;
  created_at: Generated<Timestamptz>;
}

export interface WarehousesTable {
  id: Generated<Int8>;
  main_id: Int8;
  name: string;
  created_at: Generated<Timestamptz>;
}

export interface EmployeeDataAuthorityTable {
  id: Generated<Int8>;
  user_id: Int8;
  data_menu_id: Int2;
  auth_type: Int2;
  updated_at: Generated<Timestamptz>;
}

export interface EmployeeDataItemsTable {
  user_id: Int8;
  data_menu_id: Int2;
  item_id: Int8;
}

export interface AuditLogTable {
  id: Generated<Int8>;
  main_id: Int8;
  actor_id: Int8;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: Int8;
  before: Jsonb | null;
  after: Jsonb | null;
  ip: Generated<string>;
  created_at: Generated<Timestamptz>;
}

export interface OperatorAuditLogTable {
  id: Generated<Int8>;
  operator_id: Int8;
  operator_name: string;
  action: string;
  target_type: string;
  target_id: Int8;
  main_id: Int8 | null;
  before: Jsonb | null;
  after: Jsonb | null;
  ip: Generated<string>;
  created_at: Generated<Timestamptz>;
}

export interface OperatorsTable {
  id: Generated<Int8>;
  account_name: string;
  display_name: Generated<string>;
  password_hash: string;
  status: Generated<Int2>;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
  totp_secret: string | null;
  totp_last_step: Int8 | null;
  /** 'support' | 'finance' | 'admin' (a CHECK keeps it so; packages/contract/src/operators.ts). */
  role: Generated<string>;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<Int8>;
  operator_id: Int8;
  code_hash: Bytea;
  used_at: Timestamptz | null;
  created_at: Generated<Timestamptz>;
}

export interface OpsProposalsTable {
  id: Generated<Int8>;
  kind: string;
  main_id: Int8 | null;
  amount_fen: Int8;
  payload: Jsonb;
  status: Generated<string>;
  proposed_by: Int8;
  proposer: string;
  proposed_at: Generated<Timestamptz>;
  expires_at: Timestamptz;
  decided_by: Int8 | null;
  decider: string | null;
  decided_at: Timestamptz | null;
  reason: Generated<string>;
}

export interface OperatorSessionsTable {
  id: Generated<Int8>;
  operator_id: Int8;
  token_hash: Bytea;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Generated<Timestamptz>;
  expires_at: Timestamptz;
  revoked_at: Timestamptz | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Timestamptz>;
}

export interface LedgerAccountsTable {
  id: Generated<Int8>;
  tenant_id: Int8 | null;
  kind: string;
  provider: Generated<string>;
  balance: Generated<Int8>;
  pending: Generated<Int8>;
  floor: Int8 | null;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
}

export interface LedgerTransfersTable {
  id: Generated<Int8>;
  key: string;
  kind: string;
  debit_account_id: Int8;
  credit_account_id: Int8;
  amount: Int8;
  pending_id: Int8 | null;
  state: string | null;
  memo: Generated<string>;
  created_at: Generated<Timestamptz>;
}

export interface LedgerEntriesTable {
  id: Generated<Int8>;
  transfer_id: Int8;
  account_id: Int8;
  amount: Int8;
  created_at: Generated<Timestamptz>;
}

export interface QuotaBalancesTable {
  main_id: Int8;
  type: Int2;
  balance: Generated<Int8>;
  /** Everything ever added (migration 0700): used = added - balance. */
  added: Generated<Int8>;
  deductions: Generated<Int8>;
  updated_at: Generated<Timestamptz>;
}

/** Kept by triggers (migration 0640); read by platform/kept-counts.ts. */
export interface KeptCountsTable {
  list: string;
  owner_id: Int8;
  day: boolean;
  bucket: Timestamptz;
  k1: string;
  k2: string;
  k3: string;
  w: Int8;
  n: Int8;
}

export interface QuotaLogsTable {
  id: Generated<Int8>;
  main_id: Int8;
  kind: Int2;
  type: Int2;
  key: string;
  order_id: Generated<string>;
  use_num: Int8;
  left_num: Int8;
  user_id: Int8 | null;
  user_name: Generated<string>;
  created_at: Generated<Timestamptz>;
}

export interface CataloguePlatformsTable {
  ppi_id: Generated<Int8>;
  system: Generated<Int2>;
  platform: string;
  platform_image_url: Generated<string>;
  shop_month_price_fen: Int8;
  custom_shop_number: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<Int4>;
  updated_at: Generated<Timestamptz>;
}

export interface CataloguePlanItemsTable {
  id: Generated<Int8>;
  ppi_id: Int8;
  attribute_code: string;
  item_value: Int4;
  price_percent: Generated<Int2>;
}

export interface CatalogueValueAddedTable {
  package_pay_id: Generated<Int8>;
  category: string;
  service_type: Int2;
  service: string;
  package_name: string;
  package_type: Int2;
  quota_type: Int2;
  quota_amount: Int4;
  price_fen: Int8;
  retail_price_fen: Int8;
  default_company_only: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<Int4>;
  updated_at: Generated<Timestamptz>;
}

export interface CatalogueTopUpsTable {
  id: Generated<Int8>;
  amount_fen: Int8;
  enabled: Generated<boolean>;
  sort: Generated<Int4>;
}

export interface OrdersTable {
  id: Generated<Int8>;
  order_code: string;
  main_id: Int8;
  user_id: Int8;
  user_name: Generated<string>;
  pay_type: Int2;
  package_pay_type: Int2;
  title: string;
  item: Jsonb;
  original_fen: Int8;
  discount_fen: Generated<Int8>;
  amount_fen: Int8;
  coupon_id: Int8 | null;
  provider: string;
  provider_trade_no: string | null;
  qrcode: Generated<string>;
  state: Generated<string>;
  expires_at: Timestamptz;
  paid_at: Timestamptz | null;
  closed_at: Timestamptz | null;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
  refunded_fen: Generated<Int8>;
}

export interface OrderRefundsTable {
  id: Generated<Int8>;
  order_id: Int8;
  order_code: string;
  refund_key: string;
  refund_no: string;
  provider: string;
  amount_fen: Int8;
  reason: string;
  state: Generated<string>;
  operator_id: Int8 | null;
  provider_message: Generated<string>;
  created_at: Generated<Timestamptz>;
  refunded_at: Timestamptz | null;
}

export interface PaymentReconciliationsTable {
  id: Generated<Int8>;
  business_date: PgDate;
  provider: string;
  trigger: string;
  payments: Int4;
  refunds: Int4;
  difference_count: Int4;
  differences: Jsonb;
  ran_at: Generated<Timestamptz>;
}

export interface OrderStatusHistoryTable {
  id: Generated<Int8>;
  order_id: Int8;
  from_state: string | null;
  to_state: string;
  reason: Generated<string>;
  at: Generated<Timestamptz>;
}

export interface PaymentNotificationsTable {
  id: Generated<Int8>;
  provider: string;
  order_code: string | null;
  trade_no: string | null;
  idempotency_key: string | null;
  verified: boolean;
  outcome: string;
  reason: Generated<string>;
  raw: Jsonb;
  received_at: Generated<Timestamptz>;
}

export interface UploadsTable {
  id: string;
  main_id: Int8;
  user_id: Int8 | null;
  operator_id: Int8 | null;
  content_type: string;
  byte_size: Int4;
  sha256: string;
  original_name: Generated<string>;
  storage_key: string;
  created_at: Generated<Timestamptz>;
}

export interface SupplierApplicationsTable {
  main_id: Int8;
  username: string;
  bank_name: string;
  bank_number: string;
  retailer_name: string;
  status: Int2;
  reason: Generated<string>;
  submitted_at: Generated<Timestamptz>;
  reviewed_at: Timestamptz | null;
  reviewed_by: Int8 | null;
}

export interface DistributionRatesTable {
  main_id: Int8;
  rate_bp: Int4;
  updated_at: Generated<Timestamptz>;
}

export interface DistributionEntriesTable {
  id: Generated<Int8>;
  main_id: Int8;
  transaction_id: string;
  parent_user_id: Int8;
  number: string;
  capital_flows: string;
  kind: string;
  amount_fen: Int8;
  balance_after_fen: Int8;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
}

export interface DistributionWithdrawalsTable {
  id: Generated<Int8>;
  main_id: Int8;
  transaction_id: string;
  amount_fen: Int8;
  bank_name: string;
  bank_number: string;
  user_name: string;
  status: Generated<Int2>;
  image_url: Generated<string>;
  remark: Generated<string>;
  created_at: Generated<Timestamptz>;
  reviewed_at: Timestamptz | null;
  reviewed_by: Int8 | null;
}

export interface DistributionBankAccountsTable {
  main_id: Int8;
  kind: string;
  user_name: string;
  bank_name: string;
  bank_number: string;
  updated_at: Generated<Timestamptz>;
}

export interface WhProvidersTable {
  id: Generated<Int8>;
  name: string;
  adapter: string;
  settings: Jsonb;
  created_at: Generated<Timestamptz>;
  updated_at: Generated<Timestamptz>;
}

export interface WhTenantProvidersTable {
  id: Generated<Int8>;
  main_id: Int8;
  provider_id: Int8;
  credentials: Jsonb;
  credit_line: Generated<Int8>;
  created_at: Generated<Timestamptz>;
}

export interface WhLinkWarehousesTable {
  wws_id: Int8;
  warehouse_id: Int8;
  code: string;
}

export interface WhFeeTypesTable {
  code: string;
  name_cn: string;
  name_en: string;
  sort: Generated<Int2>;
}

export interface WhFeeFlowsTable {
  id: Generated<Int8>;
  main_id: Int8;
  wws_id: Int8;
  key: string;
  direction: Int2;
  amount: Int8;
  balance_after: Int8;
  settles_key: string | null;
  ft_code: string;
  platform: Generated<string>;
  site: Generated<string>;
  reference_no: Generated<string>;
  order_code: Generated<string>;
  refer_code: Generated<string>;
  tracking_number: Generated<string>;
  platform_shop: Generated<string>;
  note: Generated<string>;
  operator_id: Int8 | null;
  created_at: Generated<Timestamptz>;
  warehouse_id: Int8 | null;
}

export interface WhFeeBillsTable {
  id: Generated<Int8>;
  main_id: Int8;
  wws_id: Int8;
  key: string;
  warehouse_id: Int8 | null;
  ds_code: string;
  ft_code: string;
  reference_no: Generated<string>;
  order_code: Generated<string>;
  refer_code: Generated<string>;
  platform_shop: Generated<string>;
  amount: Int8;
  org_amount: Int8;
  currency_code: Generated<string>;
  status: Generated<Int2>;
  writeoff: Generated<string>;
  chargeable_at: Timestamptz;
  note: Generated<string>;
  operator_id: Int8 | null;
  created_at: Generated<Timestamptz>;
}

export interface WhRentsTable {
  id: Generated<Int8>;
  main_id: Int8;
  wws_id: Int8;
  key: string;
  warehouse_id: Int8 | null;
  wis_code: string;
  settlement_cycle: Int2;
  finish_flag: Generated<Int2>;
  volume: Generated<Numeric>;
  total_qty: Generated<Int4>;
  calc_amount: Int8;
  calc_currency: Generated<string>;
  is_amount: Int8;
  customer_currency_code: Generated<string>;
  org_amount: Int8;
  currency_code: Generated<string>;
  is_date: Timestamptz;
  operator_id: Int8 | null;
  created_at: Generated<Timestamptz>;
}

export interface WhPaymentNotesTable {
  id: Generated<Int8>;
  main_id: Int8;
  wws_id: Int8;
  reference_no: string;
  status: Generated<Int2>;
  pm_code: string;
  pm_title: Generated<string>;
  transaction_no: string;
  transaction_date: Timestamptz;
  ba_id: Int8;
  ba_bankname: Generated<string>;
  ba_code: Generated<string>;
  amount: Int8;
  currency_code: string;
  arrival_amount: Int8 | null;
  user_id: Int8;
  user_code: Generated<string>;
  note: Generated<string>;
  operator_desc: Generated<string>;
  attachments: Jsonb;
  operator_id: Int8 | null;
  created_at: Generated<Timestamptz>;
  verified_at: Timestamptz | null;
  updated_at: Generated<Timestamptz>;
}

export interface WhCreditApplicationsTable {
  id: Generated<Int8>;
  acl_code: string;
  main_id: Int8;
  wws_id: Int8;
  org_value: Int8;
  apply_credit: Int8;
  reason: string;
  verify_note: Generated<string>;
  status: Generated<Int2>;
  channel: Generated<Int2>;
  applicant_id: Int8;
  applicant_name: Generated<string>;
  applied_at: Generated<Timestamptz>;
  effective_at: Timestamptz;
  verified_at: Timestamptz | null;
  operator_id: Int8 | null;
  deleted_at: Timestamptz | null;
  updated_at: Generated<Timestamptz>;
}

export interface ExportTasksTable {
  id: Generated<Int8>;
  main_id: Int8;
  user_id: Int8;
  type: string;
  filters: Jsonb;
  format: string;
  lang: string;
  status: Generated<Int2>;
  progress: Generated<Int2>;
  rows_written: Generated<Int8>;
  rows_total: Int8 | null;
  file_name: string;
  file_path: string | null;
  error_note: Generated<string>;
  claim: Generated<Int4>;
  worker: Generated<string>;
  heartbeat_at: Timestamptz | null;
  created_at: Generated<Timestamptz>;
  started_at: Timestamptz | null;
  finished_at: Timestamptz | null;
}

export interface ExportLinkKeysTable {
  id: Int2;
  secret: string;
  created_at: Generated<Timestamptz>;
}

export interface ThirdPartyTransactionsTable {
  id: Generated<Int8>;
  main_id: Int8;
  transaction_id: string;
  transaction_type: string;
  capital_flows: string;
  amount_fen: Int8;
  balance_after_fen: Int8;
  platform: Generated<string>;
  site: Generated<string>;
  ordersn: Generated<string>;
  warehouse_order_id: Generated<string>;
  shop_name: Generated<string>;
  shop_id: Generated<string>;
  remark: Generated<string>;
  source: Int2;
  operator_id: Int8 | null;
  is_old: Generated<boolean>;
  transaction_date: Generated<Timestamptz>;
  added_date: Generated<Timestamptz>;
  tenant_shop_id: Int8 | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  wechat_scenes: WechatScenesTable;
  wechat_deliveries: WechatDeliveriesTable;
  invitations: InvitationsTable;
  package_platforms: PackagePlatformsTable;
  coupons: CouponsTable;
  distribution_settings: DistributionSettingsTable;
  system_config: SystemConfigTable;
  auth_roles: AuthRolesTable;
  auth_role_menus: AuthRoleMenusTable;
  platforms: PlatformsTable;
  shops: ShopsTable;
  warehouses: WarehousesTable;
  employee_data_authority: EmployeeDataAuthorityTable;
  employee_data_items: EmployeeDataItemsTable;
  audit_log: AuditLogTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_audit_log: OperatorAuditLogTable;
  ops_proposals: OpsProposalsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  quota_balances: QuotaBalancesTable;
  kept_counts: KeptCountsTable;
  quota_logs: QuotaLogsTable;
  catalogue_platforms: CataloguePlatformsTable;
  catalogue_plan_items: CataloguePlanItemsTable;
  catalogue_value_added: CatalogueValueAddedTable;
  catalogue_top_ups: CatalogueTopUpsTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  payment_notifications: PaymentNotificationsTable;
  order_refunds: OrderRefundsTable;
  payment_reconciliations: PaymentReconciliationsTable;
  wh_providers: WhProvidersTable;
  wh_tenant_providers: WhTenantProvidersTable;
  wh_link_warehouses: WhLinkWarehousesTable;
  wh_fee_types: WhFeeTypesTable;
  wh_fee_flows: WhFeeFlowsTable;
  wh_fee_bills: WhFeeBillsTable;
  wh_rents: WhRentsTable;
  schema_migrations: SchemaMigrationsTable;
  uploads: UploadsTable;
  supplier_applications: SupplierApplicationsTable;
  distribution_rates: DistributionRatesTable;
  distribution_entries: DistributionEntriesTable;
  distribution_withdrawals: DistributionWithdrawalsTable;
  distribution_bank_accounts: DistributionBankAccountsTable;
  wh_payment_notes: WhPaymentNotesTable;
  wh_credit_applications: WhCreditApplicationsTable;
  export_tasks: ExportTasksTable;
  export_link_keys: ExportLinkKeysTable;
  third_party_transactions: ThirdPartyTransactionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
