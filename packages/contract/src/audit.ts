import { z } from 'zod';
import { ZPageSize } from './roles.ts';

/** The audit log of role, permission, employee and data-authority changes (main account only). */
export const auditPaths = {
  /** GET ?page=&limit=&target_type= */
  log: '/api/v1/auth/audit-log',
} as const;

export const AUDIT_ACTIONS = [
  'role.create',
  'role.update',
  'role.status',
  'role.delete',
  'role.permissions',
  'employee.create',
  'employee.update',
  'employee.password',
  'employee.status',
  'employee.data_authority',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: ZPageSize.default(10),
  target_type: z.enum(['role', 'employee']).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  /** Who or what was changed, by name: the role's or account's name now ('' if it is gone). */
  target_name: z.string(),
  /** State before and after the change; secrets (passwords) are never recorded. */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
  /** Names of the roles this entry's `auth_role_id` values refer to, by id. */
  role_names: z.record(z.string(), z.string()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLog = z.object({ total: z.number().int(), data: z.array(ZAuditEntry) });
