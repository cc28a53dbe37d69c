/** PostgreSQL's unique_violation (23505), from either driver; optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e || e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

// SQLSTATE classes and codes that mean "the database cannot serve this now", not "the request
// is wrong": connection exceptions (08), operator intervention (57: terminated backend, shutdown,
// statement timeout, cannot connect now), insufficient resources (53), a transaction the
// server ended for sitting idle (25P03), and one it rolled back to break a deadlock (40P01) or a
// serialization conflict (40001): in every case nothing was committed and the same request
// again is safe.
const UNAVAILABLE_CLASSES = ['08', '53', '57'];
const UNAVAILABLE_CODES = new Set(['25P03', '40P01', '40001']);

// What `pg` throws without a SQLSTATE when the socket is gone or never came.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error means the database is unreachable or overloaded for the moment (answer 503
 * and let the caller retry), as opposed to a bug (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^[0-9A-Z]{5}$/.test(code) && (UNAVAILABLE_CLASSES.includes(code.slice(0, 2)) || UNAVAILABLE_CODES.has(code))) {
      return true;
    }
    if (UNAVAILABLE_ERRNOS.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
