import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  isWmsService,
  WMS_SERVICES,
  type TWmsProvider,
  type TWmsUnitRequest,
  type WmsAnswer,
  type WmsService,
} from '@seller-centre/contract/warehouse';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { describeIssue } from '../../platform/i18n.ts';
import { requireAnyPermission, type AccessContext } from '../../platform/permissions.ts';
import type { WarehouseRegistry } from '../../providers/warehouse/provider.ts';
import * as repo from './repository.ts';

export {
  effectOf,
  FEE_FLOW_CHAIN,
  postFee,
  providerRevenue,
  releaseKey,
  setCreditLine,
  warehouseAccount,
  type PostFeeInput,
} from './fee-postings.ts';
export { createLocalWarehouseProvider, LOCAL_HANDLERS } from './local/index.ts';
export type { LocalContext, LocalHandler, LocalHandlers } from './local/types.ts';
export { findLink, findProviderOfTenant } from './repository.ts';

/** The tenant's warehouse providers for the selector (permission 270 is checked by the route). */
export async function listProviders(db: Db, ctx: AccessContext): Promise<TWmsProvider[]> {
  const rows = await repo.findTenantProviders(db, ctx.principal.tenantId);
  return rows.map((r) => ({ name: r.name, wws_id: r.wws_id }));
}

function paramsError(ctx: AccessContext, error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.');
  const detail = issue.message.startsWith('validation.')
    ? issue.message
    : describeIssue(ctx.lang, issue as unknown as Record<string, unknown>);
  return AppError.invalidField(path ? `params.${path}` : 'params', detail);
}

const { onlineTopUp, offlineTopUp, applyCredit, offlineTopUpManagement, export: exportButton } = PERMISSIONS.bill;

/**
 * The button of the cloud bill each money or export service belongs to (a caller needs one of
 * the ids besides page 270, which the route checks): online top-up 271, offline top-up 272,
 * credit applications 273, offline top-up management 274, exports 275. The payment methods are
 * read by the offline top-up form and by the notes' filter. A service not listed is a read of
 * the page itself (lists, balance, currencies, charts).
 */
export const WMS_SERVICE_BUTTONS: Partial<Record<WmsService, readonly [number, ...number[]]>> = {
  customerRecharge: [onlineTopUp],
  getPaymentDetail: [onlineTopUp],
  submitPayment: [offlineTopUp],
  getBankAccount: [offlineTopUp],
  getPaymentMethod: [offlineTopUp, offlineTopUpManagement],
  quotaApply: [applyCredit],
  getCreditLineList: [applyCredit],
  voidApply: [applyCredit],
  deleteApply: [applyCredit],
  getPaymentNoteList: [offlineTopUpManagement],
  getPaymentNoteDetail: [offlineTopUpManagement],
  discardPayment: [offlineTopUpManagement],
  asyncExport: [exportButton],
  getExportResults: [exportButton],
};

/**
 * One warehouse-service operation for the caller's tenant: the service must be one of the
 * contract's (else 400 naming it), the caller must hold its button (else 403), its params must
 * pass its schema (else 400 naming the param), the wws_id must be one of the tenant's providers
 * (else 404); the provider's adapter runs it and its answer is checked against the contract
 * before it leaves.
 */
export async function runWmsUnit(
  db: Db,
  registry: WarehouseRegistry,
  ctx: AccessContext,
  request: { service: string; wws_id: number; params: Record<string, unknown> },
  extra: { publicUrl?: string } = {},
): Promise<unknown> {
  const { service } = request;
  if (!isWmsService(service)) throw AppError.badRequest('warehouseUnknownService', { service });
  const buttons = WMS_SERVICE_BUTTONS[service];
  if (buttons) requireAnyPermission(ctx.principal, buttons);
  const spec = WMS_SERVICES[service];
  const parsed = spec.params.safeParse(request.params);
  if (!parsed.success) throw paramsError(ctx, parsed.error);
  const provider = await repo.findProviderOfTenant(db, ctx.principal.tenantId, request.wws_id);
  if (!provider) throw AppError.notFound('warehouseProviderNotFound');
  const answer = await registry.adapterFor(provider).call(service as WmsService, parsed.data as never, {
    tenantId: ctx.principal.tenantId,
    provider,
    language: ctx.lang,
    principal: ctx.principal,
    publicUrl: extra.publicUrl,
  });
  const checked = (spec.answer as z.ZodType).safeParse(answer);
  if (!checked.success) throw AppError.unavailable('warehouseBadAnswer', checked.error);
  return checked.data as WmsAnswer<WmsService>;
}

export type { TWmsUnitRequest };
