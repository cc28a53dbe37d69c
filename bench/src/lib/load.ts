import autocannon from 'autocannon';
import { assertLoopback } from './net.ts';
import { percentile } from './scenario.ts';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers that were not 2xx. */
  non2xx: number;
};

/** Unmeasured load before each measured one: a quarter of it, 1 to 3 s. */
export function warmupSecondsFor(seconds: number): number {
  return Math.min(3, Math.max(1, seconds / 4));
}

/**
 * A closed loop of `connections` clients on one URL for `seconds`: bounded in count (the
 * connections) and in time, and aimed at loopback only. It is preceded by a short unmeasured
 * warm-up of the same load: a process just started runs its code unoptimised for its first few
 * thousand requests (and compiles each route's serializer on its first), which a steady-state
 * figure must not include. The startup scenario times the start itself.
 */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  warmup?: boolean;
  /** A POST with this JSON body instead of a GET. */
  json?: unknown;
}): Promise<LoadResult> {
  const request = options.json === undefined
    ? {}
    : { method: 'POST' as const, body: JSON.stringify(options.json) };
  const headers = {
    ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  assertLoopback(options.url);
  if (options.warmup !== false) {
    await autocannon({
      url: options.url,
      connections: options.connections,
      duration: warmupSecondsFor(options.seconds),
      headers,
      ...request,
      timeout: 10,
    });
  }
  // autocannon's percentiles are whole milliseconds (its histogram counts integers), so a p99 of
  // '4 ms' is anything from 4.0 to 4.99, and a ratio of two such figures is off by up to a quarter.
  // Each answer's own time is exact: the percentiles come from those, over the 2xx answers as
  // autocannon's do.
  const latencies: number[] = [];
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers,
    ...request,
    timeout: 10,
  }).on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  // With no answer at all there is no latency to speak of: infinitely slow, never 'fast'.
  const answered = latencies.length > 0;
  return {
    requestsPerSecond: result.requests.average,
    p50: answered ? percentile(latencies, 50) : Number.POSITIVE_INFINITY,
    p99: answered ? percentile(latencies, 99) : Number.POSITIVE_INFINITY,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
