import type { FastifyRequest } from 'fastify';
import { principalOf, type Principal } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { AppError } from './errors.ts';
import { requestLanguage, type MessageKey } from './i18n.ts';
import { grantsOf, type AccessContext } from './permissions.ts';

/**
 * What a tenant route needs beyond a live session, declared in its route config and checked by
 * the tenant scope's one hook before the route runs:
 *
 *   app.get(rolePaths.roles, { config: { access: access.permission(PERMISSIONS.role.page) }, schema }, handler)
 *
 * Every route in the tenant scope must declare one; the scope refuses to start otherwise. A
 * route whose permission depends on its input declares what every input needs (usually the
 * page) and its service checks the rest (the button for that input, data authority), as
 * services already do.
 */
export type RouteAccess =
  | { kind: 'signed-in' }
  | { kind: 'permission'; anyOf: readonly number[] }
  | { kind: 'main-account'; message: MessageKey };

export const access = {
  /** Any signed-in account of the tenant: the route acts only on the caller's own data. */
  signedIn: (): RouteAccess => ({ kind: 'signed-in' }),
  /** The caller holds this permission id: a page for reads, a button for writes. */
  permission: (id: number): RouteAccess => ({ kind: 'permission', anyOf: [id] }),
  /** The caller holds at least one of these ids (a read that two screens share). */
  anyPermission: (...ids: [number, ...number[]]): RouteAccess => ({ kind: 'permission', anyOf: ids }),
  /** Main accounts only; `message` says why to an employee. */
  mainAccount: (message: MessageKey = 'mainAccountOnly'): RouteAccess => ({ kind: 'main-account', message }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Tenant routes: what the caller needs (see platform/access.ts). */
    access?: RouteAccess;
  }
}

/** Throws the 403 the route's declaration calls for, or returns when the principal may call it. */
export function checkAccess(principal: Principal, required: RouteAccess): void {
  switch (required.kind) {
    case 'signed-in':
      return;
    case 'main-account':
      if (principal.userType !== 1) throw AppError.forbidden(required.message);
      return;
    case 'permission': {
      const grants = grantsOf(principal);
      if (!required.anyOf.some((id) => grants.has(id))) throw AppError.forbidden();
      return;
    }
  }
}

/** Whether a declaration can end in a 403 (for the route's documented responses). */
export function canRefuse(required: RouteAccess): boolean {
  return required.kind !== 'signed-in';
}

/** Who is acting, from where, in which language: what access-checked services receive. */
export function accessContextOf(request: FastifyRequest): AccessContext {
  return { principal: principalOf(request), ip: clientIp(request), lang: requestLanguage(request) };
}
