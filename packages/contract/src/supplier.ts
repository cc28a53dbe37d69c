import { z } from 'zod';
import { OPS_PREFIX } from './operators.ts';
import { VALIDATION } from './validation.ts';

/**
 * The supplier (distributor) application of docs/product.md: a main account applies with its bank
 * details; an operator approves it (the tenant becomes a distributor) or rejects it with a reason.
 */
export const supplierPaths = {
  info: '/api/v1/retailer/info',
  register: '/api/v1/retailer/register',
} as const;

export const opsSupplierPaths = {
  /** GET: the applications, newest first, by status. */
  applications: `${OPS_PREFIX}/supplier-applications`,
  approve: `${OPS_PREFIX}/supplier-applications/:tenant_id/approve`,
  reject: `${OPS_PREFIX}/supplier-applications/:tenant_id/reject`,
} as const;

/** The fixed list of banks a supplier and a withdrawal choose from (the form's select). */
export const CHINESE_BANKS = [
  '中国工商银行',
  '中国农业银行',
  '中国银行',
  '中国建设银行',
  '交通银行',
  '中国邮政储蓄银行',
  '招商银行',
  '浦发银行',
  '中信银行',
  '中国光大银行',
  '华夏银行',
  '中国民生银行',
  '广发银行',
  '平安银行',
  '兴业银行',
  '浙商银行',
  '渤海银行',
  '恒丰银行',
  '北京银行',
  '上海银行',
  '江苏银行',
  '南京银行',
  '宁波银行',
  '杭州银行',
  '徽商银行',
  '长沙银行',
  '重庆银行',
  '天津银行',
  '北京农商银行',
  '上海农商银行',
  '深圳农村商业银行',
] as const;
export type TChineseBank = (typeof CHINESE_BANKS)[number];

/** 1 submitted (waiting for an operator), 2 approved, 3 rejected. */
export const SUPPLIER_STATUS = { submitted: 1, approved: 2, rejected: 3 } as const;
export type TSupplierStatus = (typeof SUPPLIER_STATUS)[keyof typeof SUPPLIER_STATUS];

const required = (max: number) => z.string().trim().min(1).max(max);

export const ZBankName = z
  .string()
  .trim()
  .refine((v) => (CHINESE_BANKS as readonly string[]).includes(v), VALIDATION.bankName);

/** A bank card number: 8 to 30 digits (spaces the user types between groups are dropped). */
export const ZBankNumber = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{8,30}$/, VALIDATION.bankNumber));

export const ZSupplierRegister = z.object({
  username: required(50),
  bank_name: ZBankName,
  bank_number: ZBankNumber,
  retailer_name: required(100),
});
export type TSupplierRegister = z.infer<typeof ZSupplierRegister>;

/** The tenant's application; status 0 and empty fields when it never applied. */
export const ZSupplierInfo = z.object({
  username: z.string(),
  bank_name: z.string(),
  bank_number: z.string(),
  retailer_name: z.string(),
  status: z.number().int(),
  /** The operator's reason when rejected, else ''. */
  reason: z.string(),
});
export type TSupplierInfo = z.infer<typeof ZSupplierInfo>;

export const ZOpsSupplierQuery = z.object({
  status: z.coerce.number().int().min(1).max(3).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsSupplierApplication = ZSupplierInfo.extend({
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type TOpsSupplierApplication = z.infer<typeof ZOpsSupplierApplication>;
export const ZOpsSupplierPage = z.object({ total: z.number().int(), data: z.array(ZOpsSupplierApplication) });
export const ZOpsTenantParams = z.object({
  tenant_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const ZOpsSupplierReject = z.object({ reason: z.string().trim().min(1).max(500) });
