import { parseBillTime } from '@seller-centre/contract/quota';
import {
  ZOpsBillPost,
  ZOpsFeePost,
  ZOpsLinkCreate,
  ZOpsProviderCreate,
  ZOpsRentPost,
  ZWarehouseSettings,
  type TOpsBillPost,
  type TOpsFeePost,
  type TOpsRentPost,
} from '@seller-centre/contract/warehouse';
import { toJsonb, transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import { parseCsv } from '../../platform/csv.ts';
import { findAccountById } from '../accounts/service.ts';
import { findTenantWarehouseIds } from '../reference-data/service.ts';
import { postFee } from './fee-postings.ts';
import * as repo from './repository.ts';

/**
 * The operator console's side of the local warehouse engine: providers' settings, and posting
 * fee flow movements, fee bills and rent rows by form or CSV. Every post is idempotent by its
 * key per provider link, so a re-sent form or a re-imported file changes nothing twice.
 */

/** Who creates providers and links: an operator (audited), or the system itself (the demo seed), which has no operator to name. */
export type OpsCreator = OperatorContext | null;

/**
 * ECCANG credentials are write-only: an answer never carries them (the console, its logs and a
 * screenshot of it must not leak a tenant's warehouse keys), and an edit that leaves them blank
 * keeps the stored ones.
 */
function withoutSecrets<T>(settings: T): T {
  const s = settings as { eccang?: { endpoint?: string; appToken?: string; appKey?: string } } | null;
  if (!s?.eccang) return settings;
  return { ...s, eccang: { ...s.eccang, appToken: '', appKey: '' } } as T;
}

export async function listProvidersForOperator(db: Db) {
  const rows = await repo.findProviders(db);
  return rows.map((r) => ({ ...r, settings: withoutSecrets(r.settings), updated_at: r.updated_at.toISOString() }));
}

export async function updateProviderSettings(db: Db, actor: OperatorContext, providerId: number, settings: unknown) {
  const parsed = ZWarehouseSettings.parse(settings);
  return transaction(db, async (tx) => {
    if (parsed.eccang && (!parsed.eccang.appToken || !parsed.eccang.appKey)) {
      const stored = (await repo.findProviders(tx)).find((p) => p.id === providerId)?.settings as
        | { eccang?: { appToken?: string; appKey?: string } }
        | undefined;
      parsed.eccang.appToken ||= stored?.eccang?.appToken ?? '';
      parsed.eccang.appKey ||= stored?.eccang?.appKey ?? '';
    }
    const updated = await repo.updateProviderSettings(tx, providerId, toJsonb(parsed));
    if (!updated) throw AppError.notFound('warehouseProviderNotFound');
    await writeOperatorAudit(tx, actor, {
      action: 'warehouse.provider.settings',
      targetType: 'warehouse_provider',
      targetId: providerId,
      tenantId: null,
      after: { ...parsed, eccang: parsed.eccang ? { endpoint: parsed.eccang.endpoint } : undefined },
    });
    return withoutSecrets(parsed);
  });
}

/**
 * A new provider, so a fresh install (no demo) can offer a cloud warehouse: unique by name (409),
 * ECCANG needs its endpoint (400). The demo seed makes its providers here too.
 */
export async function createProvider(db: Db, actor: OpsCreator, input: unknown) {
  const parsed = ZOpsProviderCreate.parse(input);
  return transaction(db, async (tx) => {
    const row = await repo.insertProvider(tx, {
      name: parsed.name,
      adapter: parsed.adapter,
      settings: toJsonb(parsed.settings),
    });
    if (!row) throw AppError.conflict('warehouseProviderNameTaken');
    if (actor)
      await writeOperatorAudit(tx, actor, {
        action: 'warehouse.provider.create',
        targetType: 'warehouse_provider',
        targetId: row.id,
        tenantId: null,
        after: {
          name: parsed.name,
          adapter: parsed.adapter,
          settings: {
            ...parsed.settings,
            eccang: parsed.settings.eccang ? { endpoint: parsed.settings.eccang.endpoint } : undefined,
          },
        },
      });
    return {
      id: row.id,
      name: parsed.name,
      adapter: parsed.adapter,
      settings: withoutSecrets(parsed.settings),
      tenants: 0,
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/**
 * Links a tenant (a main account; 404 for an employee or nobody) to a provider (404 when none):
 * the link's id is the wws_id the tenant's cloud bill sends, and its warehouse account opens at
 * zero (the ledger account exists from its first movement; until then its balance reads 0).
 * Linking again answers the same wws_id (`created: false`) and adds any warehouses not yet listed
 * (and replaces the tenant's ECCANG keys when sent), so a re-sent form changes nothing twice. The
 * demo seed links its tenant here too.
 */
export async function linkTenantToProvider(db: Db, actor: OpsCreator, input: unknown) {
  const parsed = ZOpsLinkCreate.parse(input);
  return transaction(db, async (tx) => {
    const tenant = await findAccountById(tx, parsed.tenant_id);
    if (!tenant || tenant.userType !== 1) throw AppError.notFound('tenantNotFound');
    const provider = (await repo.findProviders(tx)).find((p) => p.id === parsed.provider_id);
    if (!provider) throw AppError.notFound('warehouseProviderNotFound');
    const wanted = [...new Set(parsed.warehouse_ids)];
    const own = await findTenantWarehouseIds(tx, tenant.id, wanted);
    const foreign = wanted.find((id) => !own.has(id));
    if (foreign !== undefined)
      throw AppError.invalidField('warehouse_ids', `${foreign} is not a warehouse of this tenant`);
    const inserted = await repo.insertLink(tx, {
      tenantId: tenant.id,
      providerId: provider.id,
      credentials: parsed.credentials,
    });
    const wwsId = inserted?.id ?? (await repo.findLinkOf(tx, tenant.id, provider.id))!.id;
    if (!inserted && parsed.credentials) await repo.updateLinkCredentials(tx, wwsId, parsed.credentials);
    const added = await repo.addLinkWarehouses(tx, wwsId, wanted);
    if (actor && (inserted || added > 0 || parsed.credentials))
      await writeOperatorAudit(tx, actor, {
        action: inserted ? 'warehouse.link.create' : 'warehouse.link.update',
        targetType: 'warehouse_link',
        targetId: wwsId,
        tenantId: tenant.id,
        // The keys themselves never reach the audit log: only that they were set.
        after: {
          provider_id: provider.id,
          provider_name: provider.name,
          warehouse_ids: wanted,
          credentials_set: Boolean(parsed.credentials),
        },
      });
    return { wws_id: wwsId, created: inserted !== undefined };
  });
}

export async function listLinksForOperator(db: Db, tenantId: number | undefined) {
  const rows = await repo.findLinks(db, { tenantId: tenantId });
  return rows.map((r) => ({ ...r, user_name: r.user_name ?? '', credit_line: fenToYuan(r.credit_line) }));
}

async function linkOf(db: Db, wwsId: number) {
  const link = await repo.findLink(db, wwsId);
  if (!link) throw AppError.notFound('warehouseProviderNotFound');
  if (link.adapter !== 'local') throw AppError.badRequest('warehouseServiceNotOffered');
  return link;
}

async function feeTypeExists(db: Db, code: string) {
  const types = await repo.findFeeTypes(db);
  if (!types.some((t) => t.code === code)) throw AppError.invalidField('ft_code', 'not a fee type');
}

async function applyFee(db: Db, actor: OperatorContext, input: TOpsFeePost) {
  const link = await linkOf(db, input.wws_id);
  await feeTypeExists(db, input.ft_code);
  const warehouseId = await warehouseOfTenant(db, input.wws_id, input.warehouse_id);
  const { applied, row } = await postFee(db, {
    wwsId: input.wws_id,
    warehouseId,
    key: input.key,
    direction: input.direction,
    amount: input.amount,
    settlesKey: input.settles_key,
    ftCode: input.ft_code,
    platform: input.platform,
    site: input.site,
    referenceNo: input.reference_no,
    orderCode: input.order_code,
    referCode: input.refer_code,
    trackingNumber: input.tracking_number,
    platformShop: input.platform_shop,
    note: input.note,
    operatorId: actor.operatorId,
    at: input.at ? new Date(parseBillTime(input.at, 'from')) : undefined,
  });
  return { id: row.id, applied, tenantId: link.main_id };
}

async function warehouseOfTenant(db: Db, wwsId: number, warehouseId: number | undefined) {
  if (warehouseId === undefined) return null;
  const found = await repo.findLinkWarehouse(db, wwsId, warehouseId);
  if (!found) throw AppError.invalidField('warehouse_id', 'not a warehouse of this provider link');
  return warehouseId;
}

async function applyBill(db: Db, actor: OperatorContext, input: TOpsBillPost) {
  const link = await linkOf(db, input.wws_id);
  await feeTypeExists(db, input.ft_code);
  const warehouseId = await warehouseOfTenant(db, input.wws_id, input.warehouse_id);
  const inserted = await repo.insertFeeBill(db, {
    main_id: link.main_id,
    wws_id: input.wws_id,
    key: input.key,
    warehouse_id: warehouseId,
    ds_code: input.ds_code,
    ft_code: input.ft_code,
    reference_no: input.reference_no,
    order_code: input.order_code,
    refer_code: input.refer_code,
    platform_shop: input.platform_shop,
    amount: input.amount,
    org_amount: input.org_amount ?? input.amount,
    currency_code: input.currency_code,
    status: input.status,
    writeoff: input.writeoff,
    chargeable_at: new Date(parseBillTime(input.chargeable_time, 'from')),
    note: input.note,
    operator_id: actor.operatorId,
  });
  if (inserted) return { id: inserted.id, applied: true, tenantId: link.main_id };
  const existing = await repo.findFeeBillByKey(db, input.wws_id, input.key);
  if (existing.amount !== input.amount) throw AppError.conflict('warehouseFeeKeyReused');
  return { id: existing.id, applied: false, tenantId: link.main_id };
}

async function applyRent(db: Db, actor: OperatorContext, input: TOpsRentPost) {
  const link = await linkOf(db, input.wws_id);
  const warehouseId = await warehouseOfTenant(db, input.wws_id, input.warehouse_id);
  const inserted = await repo.insertRent(db, {
    main_id: link.main_id,
    wws_id: input.wws_id,
    key: input.key,
    warehouse_id: warehouseId,
    wis_code: input.wis_code,
    settlement_cycle: input.settlement_cycle,
    finish_flag: input.finish_flag,
    volume: input.volume,
    total_qty: input.total_qty,
    calc_amount: input.amount,
    calc_currency: input.currency_code,
    is_amount: input.amount,
    customer_currency_code: input.currency_code,
    org_amount: input.amount,
    currency_code: input.currency_code,
    is_date: new Date(parseBillTime(input.is_date, 'from')),
    operator_id: actor.operatorId,
  });
  if (inserted) return { id: inserted.id, applied: true, tenantId: link.main_id };
  const existing = await repo.findRentByKey(db, input.wws_id, input.key);
  if (existing.is_amount !== input.amount) throw AppError.conflict('warehouseFeeKeyReused');
  return { id: existing.id, applied: false, tenantId: link.main_id };
}

/**
 * One row entered by hand, and its line in the operators' audit log in the same transaction; a
 * repeat of its key (applied: false) changes nothing and logs nothing. An import logs once for
 * the file instead (importByOperator).
 */
async function postAudited<I extends { wws_id: number; key: string; amount?: number | undefined }>(
  db: Db,
  actor: OperatorContext,
  kind: 'fee' | 'bill' | 'rent',
  input: I,
  apply: (tx: Db, actor: OperatorContext, input: I) => Promise<{ id: number; applied: boolean; tenantId: number }>,
) {
  return transaction(db, async (tx) => {
    const { id, applied, tenantId } = await apply(tx, actor, input);
    if (applied) {
      await writeOperatorAudit(tx, actor, {
        action: `warehouse.${kind}.post`,
        targetType: 'warehouse_link',
        targetId: input.wws_id,
        tenantId,
        // Fen, signed as entered; none for a settlement that takes its freeze's amount.
        after: { id, key: input.key, amount_fen: input.amount ?? null },
      });
    }
    return { id, applied };
  });
}

export const postFeeByOperator = (db: Db, actor: OperatorContext, input: TOpsFeePost) =>
  postAudited(db, actor, 'fee', input, applyFee);
export const postBillByOperator = (db: Db, actor: OperatorContext, input: TOpsBillPost) =>
  postAudited(db, actor, 'bill', input, applyBill);
export const postRentByOperator = (db: Db, actor: OperatorContext, input: TOpsRentPost) =>
  postAudited(db, actor, 'rent', input, applyRent);

const MAX_IMPORT_ROWS = 5_000;

/** The rows of an import, each checked as its form would check it; the file refused as a whole, naming each bad line. */
export function parseImport(input: {
  kind: 'fee' | 'bill' | 'rent';
  wws_id: number;
  csv: string;
}): (TOpsFeePost | TOpsBillPost | TOpsRentPost)[] {
  let table: string[][];
  try {
    table = parseCsv(input.csv);
  } catch {
    throw AppError.invalidField('csv', 'unterminated quoted field');
  }
  const [header, ...lines] = table;
  if (!header || lines.length === 0) throw AppError.invalidField('csv', 'a header line and at least one row');
  if (lines.length > MAX_IMPORT_ROWS) throw AppError.invalidField('csv', `at most ${MAX_IMPORT_ROWS} rows`);
  const columns = header.map((h) => h.trim());
  const schema = { fee: ZOpsFeePost, bill: ZOpsBillPost, rent: ZOpsRentPost }[input.kind];
  const problems: string[] = [];
  const rows: (TOpsFeePost | TOpsBillPost | TOpsRentPost)[] = [];
  lines.forEach((cells, index) => {
    const record: Record<string, string | number> = { wws_id: input.wws_id };
    columns.forEach((name, i) => {
      if (name && name !== 'wws_id') record[name] = (cells[i] ?? '').trim();
    });
    const parsed = schema.safeParse(record);
    if (parsed.success) rows.push(parsed.data);
    else {
      const issue = parsed.error.issues[0]!;
      problems.push(`line ${index + 2}: ${issue.path.join('.') || 'row'} ${issue.message}`);
    }
  });
  if (problems.length) throw AppError.invalidField('csv', problems.slice(0, 20).join('; '));
  return rows;
}

/**
 * A CSV of fee, bill or rent rows for one provider link: the header names the form's fields.
 * Every line is checked first and the file refused as a whole, naming each bad line; then the
 * rows are posted in order, each idempotent, so importing the same file again changes nothing.
 */
export async function importByOperator(
  db: Db,
  actor: OperatorContext,
  input: { kind: 'fee' | 'bill' | 'rent'; wws_id: number; csv: string },
) {
  const rows = parseImport(input);
  let imported = 0;
  for (const row of rows) {
    const result =
      input.kind === 'fee'
        ? await applyFee(db, actor, row as TOpsFeePost)
        : input.kind === 'bill'
          ? await applyBill(db, actor, row as TOpsBillPost)
          : await applyRent(db, actor, row as TOpsRentPost);
    if (result.applied) imported++;
  }
  await writeOperatorAudit(db, actor, {
    action: `warehouse.import.${input.kind}`,
    targetType: 'warehouse_link',
    targetId: input.wws_id,
    tenantId: null,
    after: { rows: rows.length, imported },
  });
  return { imported, unchanged: rows.length - imported };
}
