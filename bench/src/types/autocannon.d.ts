// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; total: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  };
  /** A run: its result once done, and an event for each answer with its time in (fractional) ms. */
  type Instance = Promise<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
