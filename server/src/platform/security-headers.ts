import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/** A year: browsers keep to HTTPS for the product's host that long after seeing it once. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * Pages a page of our own may frame (the partner stand-in that 'earn money' shows). Everything
 * else refuses to be framed by anyone, so no other site can overlay it (clickjacking).
 */
const FRAMEABLE_BY_OURSELVES = /^\/partner\//;

/**
 * The Content-Security-Policy of every answer. Scripts come from our own origin only (the
 * built app is files under /assets; no inline script, no eval), so injected markup cannot run.
 * Styles allow inline ones: Ant Design writes its styles into <style> elements at run time (CSS-in-JS)
 * and components set style attributes; a style cannot run code. Images may come from any HTTPS
 * host (WeChat serves the official account's QR codes) and frames from any HTTPS page (the
 * partner page, VITE_EARN_MONEY_URL, is configured when the app is built).
 */
function contentSecurityPolicy(
  request: Pick<FastifyRequest, 'protocol' | 'url'>,
  options: { scriptNonce?: string } = {},
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...(options.scriptNonce ? [`'nonce-${options.scriptNonce}'`] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': [FRAMEABLE_BY_OURSELVES.test(request.url) ? "'self'" : "'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  // Over plain HTTP (development, tests) an upgrade would send every request to a port nothing hears.
  if (request.protocol === 'https') policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Replaces the policy of one answer, e.g. a page with an inline script of its own (a nonce). */
export function setContentSecurityPolicy(reply: FastifyReply, options: { scriptNonce?: string }): void {
  void reply.header('content-security-policy', contentSecurityPolicy(reply.request, options));
}

/**
 * The headers helmet sets (nosniff, frame and referrer policies, the cross-origin isolation
 * headers it sets by default), asked of helmet once at start rather than on every request: its
 * middleware sets them one by one through Node's validating setHeader, a few percent of a small
 * signed-in read. They do not depend on the request.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  // helmet 8 sets every header synchronously; a version that did not would leave this empty.
  if (!done || Object.keys(headers).length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * What every JSON answer carries (OWASP's REST set): it must not be sniffed into a document,
 * framed, read by another origin's page, or load anything should a browser open it as a page.
 * The document-only headers (the app's policy, the cross-origin isolation and legacy headers
 * helmet sets) mean nothing on JSON and cost a few percent of a small signed-in read.
 */
const JSON_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Security headers on every answer, API and app alike, errors and not-found included, chosen
 * when the answer is sent, by what it is. JSON gets the set above. Anything a browser could
 * show as a document (the app, the OpenAPI UI, stand-in pages, files) gets the
 * Content-Security-Policy above, X-Frame-Options, X-Content-Type-Options nosniff,
 * Referrer-Policy and the cross-origin isolation headers helmet sets by default. Both get HSTS
 * when the request came over HTTPS (directly, or through a proxy TRUST_PROXY names that says so
 * in X-Forwarded-Proto). HSTS is never sent over plain HTTP, where it would mean nothing, nor
 * when an untrusted client merely claims HTTPS.
 */
async function securityHeaders(app: FastifyInstance) {
  const documentHeaders = helmetHeaders();
  // The policy depends only on the protocol and whether the page may be framed: four strings.
  const policies = new Map<string, string>();
  const policyOf = (request: FastifyRequest, frameable: boolean) => {
    const key = `${request.protocol}:${frameable}`;
    let policy = policies.get(key);
    if (policy === undefined) policies.set(key, (policy = contentSecurityPolicy(request)));
    return policy;
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      void reply.headers(JSON_HEADERS);
    } else {
      const frameable = FRAMEABLE_BY_OURSELVES.test(request.url);
      void reply.headers(documentHeaders);
      // A page with a policy of its own (a nonce for its inline script) keeps it.
      if (!reply.hasHeader('content-security-policy')) {
        void reply.header('content-security-policy', policyOf(request, frameable));
      }
      if (frameable) void reply.header('x-frame-options', 'SAMEORIGIN');
    }
    if (request.protocol === 'https') void reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
