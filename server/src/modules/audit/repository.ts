import type { TAuditAction, TAuditLogQuery } from '@seller-centre/contract/audit';
import type { Queryable } from '../../db/client.ts';
import type { AccessContext } from '../../platform/permissions.ts';

export type AuditRecord = {
  action: TAuditAction;
  targetType: 'role' | 'employee';
  targetId: number;
  before: unknown;
  after: unknown;
};

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function insertAuditEntry(tx: Queryable, ctx: AccessContext, record: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (main_id, actor_id, actor_name, action, target_type, target_id, before, after, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      ctx.principal.mainId,
      ctx.principal.userId,
      ctx.principal.userName,
      record.action,
      record.targetType,
      record.targetId,
      record.before === undefined ? null : JSON.stringify(record.before),
      record.after === undefined ? null : JSON.stringify(record.after),
      ctx.ip.slice(0, 64),
    ],
  );
}

export type AuditRow = {
  id: string;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: Date;
};

export async function findAuditEntries(
  db: Queryable,
  mainId: number,
  query: TAuditLogQuery,
): Promise<{ total: number; rows: AuditRow[] }> {
  const params: unknown[] = [mainId];
  let where = 'main_id = $1';
  if (query.target_type) {
    params.push(query.target_type);
    where += ` AND target_type = $${params.length}`;
  }
  if (query.action) {
    params.push(query.action);
    where += ` AND action = $${params.length}`;
  }
  const [count] = await db.query<{ total: string }>(`SELECT count(*) AS total FROM audit_log WHERE ${where}`, params);
  const rows = await db.query<AuditRow>(
    `SELECT id, actor_id, actor_name, action, target_type, target_id, before, after, ip, created_at
       FROM audit_log WHERE ${where}
      ORDER BY id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { total: Number(count!.total), rows };
}

/** Current names of a tenant's roles and accounts by id, for an audit page (one query each). */
export async function findNames(
  db: Queryable,
  mainId: number,
  ids: { roles: number[]; users: number[] },
): Promise<{ roles: Map<number, string>; users: Map<number, string> }> {
  const roles = ids.roles.length
    ? await db.query<{ id: string; name: string }>(
        'SELECT id, name FROM auth_roles WHERE main_id = $1 AND id = ANY($2::bigint[])',
        [mainId, ids.roles],
      )
    : [];
  const users = ids.users.length
    ? await db.query<{ id: string; name: string }>(
        `SELECT id, COALESCE(NULLIF(user_name, ''), phone_number) AS name
           FROM users WHERE main_id = $1 AND id = ANY($2::bigint[])`,
        [mainId, ids.users],
      )
    : [];
  return {
    roles: new Map(roles.map((r) => [Number(r.id), r.name])),
    users: new Map(users.map((u) => [Number(u.id), u.name])),
  };
}
