import { load } from '../lib/load.ts';
import { DEMO, signIn } from '../lib/product.ts';
import { percentile, type Scenario } from '../lib/scenario.ts';

const SIGN_IN_WORKERS = 4;
// A ceiling on the sign-ins of one phase, whatever the machine's speed.
const MAX_SIGN_INS = 2_000;

type SignIns = { latencies: number[]; failed: number };

/** SIGN_IN_WORKERS clients signing in back to back until `until`; the latency of each. */
async function signInLoops(baseURL: string, until: number): Promise<SignIns> {
  const result: SignIns = { latencies: [], failed: 0 };
  const worker = async () => {
    while (performance.now() < until && result.latencies.length + result.failed < MAX_SIGN_INS) {
      const started = performance.now();
      try {
        await signIn(baseURL, DEMO.account, DEMO.password);
        result.latencies.push(performance.now() - started);
      } catch {
        // A refused sign-in (a limit, an error) is a figure of its own, not a broken bench.
        result.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_WORKERS }, worker));
  return result;
}

/**
 * Password sign-in hashes with argon2id at OWASP's parameters, the most CPU a request spends.
 * Four at once must stay quick, and must not starve the signed-in users' reads.
 */
const signInScenario: Scenario = {
  name: 'sign-in',
  databases: ['pglite', 'postgres'],
  async run({ product, token, options, database }) {
    const scenario = `sign-in x${SIGN_IN_WORKERS}`;
    const seconds = options.seconds;
    const alone = await signInLoops(product.baseURL, performance.now() + seconds * 1000);

    const reads = {
      url: `${product.baseURL}/api/v1/user/base/info`,
      connections: options.connections,
      seconds,
      headers: { authorization: token },
    };
    const quiet = await load(reads);
    const [busy, during] = await Promise.all([
      // Warm from the quiet run: measured from the first second, over the sign-ins' whole span.
      load({ ...reads, warmup: false }),
      signInLoops(product.baseURL, performance.now() + seconds * 1000),
    ]);
    return [
      {
        scenario,
        database,
        name: 'sign-in p95',
        value: percentile(alone.latencies, 95),
        unit: 'ms',
        budget: { op: '<=', value: 100 },
        note: `${alone.latencies.length} sign-ins, median ${percentile(alone.latencies, 50).toFixed(0)} ms`,
      },
      {
        scenario,
        database,
        name: 'failed sign-ins',
        value: alone.failed + during.failed,
        unit: '',
        budget: { op: '<=', value: 0 },
      },
      {
        scenario,
        database,
        name: `base-info p99 growth while signing in`,
        value: busy.p99 / quiet.p99,
        unit: 'x',
        budget: { op: '<=', value: 2 },
        note: `p99 ${quiet.p99.toFixed(1)} ms -> ${busy.p99.toFixed(1)} ms`,
      },
      {
        scenario,
        database,
        name: `sign-in p95 under x${options.connections} reads`,
        value: percentile(during.latencies, 95),
        unit: 'ms',
        note: `${during.latencies.length} sign-ins`,
      },
    ];
  },
};

export default signInScenario;
