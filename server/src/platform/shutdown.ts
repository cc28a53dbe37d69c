import type { FastifyInstance } from 'fastify';

/**
 * Stops an instance without dropping the work it holds. Fastify's close refuses new
 * connections at once (and answers 503 to a new request on a kept-alive one), lets the requests
 * in flight finish, and only then runs the onClose hooks that stop the job queue and close the
 * database pool, so no request loses its connection half-way. A request still running after
 * `graceMs` has its connection cut, so one stuck call cannot hold the shutdown (and a deploy)
 * for ever; the pool and the queue close after it all the same.
 */
export async function closeGracefully(server: FastifyInstance, graceMs: number): Promise<'drained' | 'cut'> {
  let cut = false;
  // Node's close ends the connections idle at that moment only: a kept-alive connection whose
  // request finishes later would stay open, and the close would wait the whole grace for it.
  const idleSweep = setInterval(() => server.server.closeIdleConnections(), 100);
  const timer = setTimeout(() => {
    cut = true;
    server.log.warn({ graceMs }, 'requests still in flight after the shutdown grace: cutting their connections');
    server.server.closeAllConnections();
  }, graceMs);
  try {
    await server.close();
  } finally {
    clearTimeout(timer);
    clearInterval(idleSweep);
  }
  return cut ? 'cut' : 'drained';
}
