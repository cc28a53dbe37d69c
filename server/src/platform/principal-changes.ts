import type { Db } from '../db/client.ts';
import { publishAfterCommit } from './change-feed/plugin.ts';

/**
 * What the principal cache (platform/principal-cache.ts) must forget, named by the ids a change
 * touches. The module that makes a change calls one of the functions below with the same `db`
 * it wrote with, right where it writes: inside a transaction the message goes out after the
 * commit, and the request answers only once every instance has dropped what it kept.
 *
 * Anything a principal or its per-session memo holds is covered: sessions (sign-out), the
 * account (status, password, role, data authority, profile fields), its tenant (the main
 * account's status and company name reach every employee), and a role (status, permissions).
 */
export const PRINCIPALS_TOPIC = 'principals';

export type PrincipalChange = {
  sessions?: readonly number[];
  users?: readonly number[];
  tenants?: readonly number[];
  roles?: readonly number[];
};

/** A session ended (sign-out). */
export function sessionsChanged(db: Db, sessionIds: readonly number[]): Promise<void> {
  return publishAfterCommit(db, PRINCIPALS_TOPIC, { sessions: sessionIds } satisfies PrincipalChange);
}

/** An account changed: its sessions, status, password, role, data authority or profile. */
export function accountChanged(db: Db, userId: number): Promise<void> {
  return publishAfterCommit(db, PRINCIPALS_TOPIC, { users: [userId] } satisfies PrincipalChange);
}

/**
 * A main account changed in a way its employees feel too (disabled, company name): every
 * principal of the tenant goes.
 */
export function tenantChanged(db: Db, tenantId: number): Promise<void> {
  return publishAfterCommit(db, PRINCIPALS_TOPIC, {
    users: [tenantId],
    tenants: [tenantId],
  } satisfies PrincipalChange);
}

/** A role changed (enabled, disabled, its permissions, deleted): everyone assigned it goes. */
export function roleChanged(db: Db, roleId: number): Promise<void> {
  return publishAfterCommit(db, PRINCIPALS_TOPIC, { roles: [roleId] } satisfies PrincipalChange);
}
