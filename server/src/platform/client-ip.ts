import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The caller's IP: the socket's, or, behind the proxies TRUST_PROXY names, the last
 * X-Forwarded-For address they did not add themselves (Fastify resolves it). Rate limits and the sign-in history key on it.
 */
export function clientIp(request: Pick<FastifyRequest, 'ip'>): string {
  return request.ip || 'unknown';
}

/**
 * The origin users reach us at, for links we hand out (invite links, the simulator's QR code):
 * PUBLIC_URL when configured, else the request's own scheme and Host.
 */
export function publicOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  config: Pick<Config, 'PUBLIC_URL'>,
): string {
  return config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

/** Facts about a request that sign-in records, passed from routes to services. */
export type ClientContext = { ip: string; userAgent: string };

export function clientContext(request: Pick<FastifyRequest, 'ip' | 'headers'>): ClientContext {
  const agent = request.headers['user-agent'];
  return { ip: clientIp(request), userAgent: typeof agent === 'string' ? agent : '' };
}
