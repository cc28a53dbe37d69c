import { load } from '../lib/load.ts';
import type { Scenario } from '../lib/scenario.ts';

// The budgets: PostgreSQL at least half of hello-world's throughput, PGlite a third.
const SHARE_OF_HELLO = { postgres: 1 / 2, pglite: 1 / 3 } as const;
const P99_MS = { postgres: 25, pglite: 50 } as const;

/**
 * The request every page of the personal centre starts with: the signed-in user's base info,
 * 50 connections in a closed loop. On PGlite it also shows the embedded default does not fall
 * over: every request must be answered, without errors.
 */
const baseInfo: Scenario = {
  name: 'base-info',
  databases: ['pglite', 'postgres'],
  async run({ product, token, hello, options, database }) {
    const result = await load({
      url: `${product.baseURL}/api/v1/user/base/info`,
      connections: options.connections,
      seconds: options.seconds,
      headers: { authorization: token },
    });
    const scenario = `base-info x${options.connections}`;
    return [
      {
        scenario,
        database,
        name: 'requests/s',
        value: result.requestsPerSecond,
        unit: 'req/s',
        ofHello: result.requestsPerSecond / hello.requestsPerSecond,
        budget: { op: '>=', value: SHARE_OF_HELLO[database] * hello.requestsPerSecond },
      },
      {
        scenario,
        database,
        name: 'p99 latency',
        value: result.p99,
        unit: 'ms',
        budget: { op: '<=', value: P99_MS[database] },
      },
      {
        scenario,
        database,
        name: 'failed answers',
        value: result.errors + result.non2xx,
        unit: '',
        budget: { op: '<=', value: 0 },
        note: `${result.requests} requests`,
      },
    ];
  },
};

export default baseInfo;
