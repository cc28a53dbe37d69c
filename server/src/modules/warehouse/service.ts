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
import type { AccessContext } from '../../platform/permissions.ts';
import type { WarehouseRegistry } from '../../providers/warehouse/provider.ts';
import * as repo from './repository.ts';

export { effectOf, postFee, providerRevenue, setCreditLine, warehouseAccount, type PostFeeInput } from './fees.ts';
export { createLocalWarehouseProvider, LOCAL_HANDLERS } from './local/index.ts';
export type { LocalContext, LocalHandler, LocalHandlers } from './local/types.ts';
export { findLink, findProviderOfTenant } from './repository.ts';

/** The tenant's warehouse providers for the selector (permission 270 is checked by the route). */
export async function listProviders(db: Db, ctx: AccessContext): Promise<TWmsProvider[]> {
  const rows = await repo.findTenantProviders(db, ctx.principal.mainId);
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

/**
 * One warehouse-service operation for the caller's tenant: the service must be one of the
 * contract's (else 400 naming it), its params must pass its schema (else 400 naming the param),
 * the wws_id must be one of the tenant's providers (else 404); the provider's adapter runs it and
 * its answer is checked against the contract before it leaves.
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
  const spec = WMS_SERVICES[service];
  const parsed = spec.params.safeParse(request.params);
  if (!parsed.success) throw paramsError(ctx, parsed.error);
  const provider = await repo.findProviderOfTenant(db, ctx.principal.mainId, request.wws_id);
  if (!provider) throw AppError.notFound('warehouseProviderNotFound');
  const answer = await registry.adapterFor(provider).call(service as WmsService, parsed.data as never, {
    tenantId: ctx.principal.mainId,
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
