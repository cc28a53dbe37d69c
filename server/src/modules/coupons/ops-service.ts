import type {
  TOpsCoupon,
  TOpsCouponCreate,
  TOpsCouponIssue,
  TOpsCouponPage,
  TOpsCouponQuery,
  TOpsTenant,
  TTenantRef,
} from '@seller-centre/contract/ops';
import { VALIDATION } from '@seller-centre/contract/validation';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { findAccountById, findAccountByPhone, findAccountByUserName, findProfile } from '../accounts/service.ts';
import { findCouponForOperator, issueCoupon, listIssuedCoupons, type NewCoupon } from './service.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';

/**
 * The operator console's work on tenants' data. Every function is reached only from the operator
 * scope (an operator's token); changes are written through the owning module's service and
 * audited in the same transaction.
 */

/** The tenant (main account) a reference names; 404 for an employee or nobody. */
export async function findTenant(db: Db, ref: TTenantRef & { user_name?: string | undefined }): Promise<TOpsTenant> {
  const account =
    ref.tenant_id !== undefined
      ? await findAccountById(db, ref.tenant_id)
      : ref.phone_number !== undefined
        ? await findAccountByPhone(db, ref.area, ref.phone_number)
        : ref.user_name !== undefined
          ? await findAccountByUserName(db, ref.user_name)
          : null;
  if (!account || account.userType !== 1) throw AppError.notFound('tenantNotFound');
  const profile = await findProfile(db, account.id);
  return {
    tenant_id: account.id,
    user_name: account.userName,
    area: account.area,
    phone_number: account.phoneNumber,
    company_name: profile?.company_name ?? '',
  };
}

function termsOf(coupon: NewCoupon) {
  return {
    title: coupon.title,
    use_type: coupon.useType,
    use_type_value: coupon.useTypeValue,
    discount_type: coupon.discountType,
    discount_value: coupon.discountValue,
    min_basket_price: coupon.minBasketPrice,
    expiration_time: coupon.expirationTime.toISOString(),
    system_type: coupon.systemType,
  };
}

async function issueAudited(db: Db, actor: OperatorContext, coupon: NewCoupon, copiedFrom?: number) {
  return transaction(db, async (tx) => {
    const id = await issueCoupon(tx, coupon);
    await writeOperatorAudit(tx, actor, {
      action: 'coupon.issue',
      targetType: 'coupon',
      targetId: id,
      tenantId: coupon.tenantId,
      after: { ...termsOf(coupon), ...(copiedFrom ? { copied_from: copiedFrom } : {}) },
    });
    return id;
  });
}

async function couponById(db: Db, id: number): Promise<TOpsCoupon> {
  const page = await listIssuedCoupons(db, { page: 1, pageSize: 1, couponId: id });
  const row = page.rows[0];
  if (!row) throw AppError.notFound('couponNotFound');
  return toOpsCoupon(row);
}

/** Creates a coupon with the operator's terms and gives it to one tenant. */
export async function createCoupon(db: Db, actor: OperatorContext, input: TOpsCouponCreate): Promise<TOpsCoupon> {
  const tenant = await findTenant(db, input);
  const id = await issueAudited(db, actor, {
    tenantId: tenant.tenant_id,
    title: input.title,
    useType: input.use_type,
    useTypeValue: input.use_type === 2 ? (input.use_type_value ?? null) : null,
    discountType: input.discount_type,
    discountValue: input.discount_value,
    minBasketPrice: input.discount_type === 2 ? input.min_basket_price : '0',
    expirationTime: new Date(input.expiration_time),
    systemType: input.system_type,
  });
  return couponById(db, id);
}

/** Gives another tenant a coupon on the same terms as an existing one (a new coupon, unused). */
export async function issueCouponCopy(
  db: Db,
  actor: OperatorContext,
  couponId: number,
  input: TOpsCouponIssue,
): Promise<TOpsCoupon> {
  const source = await findCouponForOperator(db, couponId);
  if (!source) throw AppError.notFound('couponNotFound');
  const expirationTime = input.expiration_time ? new Date(input.expiration_time) : source.expiration_time;
  if (expirationTime <= new Date()) {
    throw AppError.invalidField('expiration_time', VALIDATION.inFuture);
  }
  const tenant = await findTenant(db, input);
  const id = await issueAudited(
    db,
    actor,
    {
      tenantId: tenant.tenant_id,
      title: source.title,
      useType: source.use_type,
      useTypeValue: source.use_type_value,
      discountType: source.discount_type,
      discountValue: source.discount_value,
      minBasketPrice: source.min_basket_price,
      expirationTime,
      systemType: source.system_type,
    },
    source.id,
  );
  return couponById(db, id);
}

type IssuedRow = Awaited<ReturnType<typeof listIssuedCoupons>>['rows'][number];

function toOpsCoupon(row: IssuedRow): TOpsCoupon {
  return {
    id: row.id,
    tenant_id: row.main_id,
    tenant_name: row.tenant_name ?? '',
    title: row.title,
    use_type: row.use_type,
    use_type_value: row.use_type_value,
    discount_type: row.discount_type,
    discount_value: row.discount_value,
    min_basket_price: row.min_basket_price,
    expiration_time: row.expiration_time.toISOString(),
    system_type: row.system_type,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export async function listCouponsForOperator(db: Db, query: TOpsCouponQuery): Promise<TOpsCouponPage> {
  const page = await listIssuedCoupons(db, {
    page: query.page,
    pageSize: query.page_size,
    tenantId: query.tenant_id,
    status: query.status,
  });
  return { total: page.total, data: page.rows.map(toOpsCoupon) };
}
