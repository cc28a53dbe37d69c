#!/usr/bin/env node
// `npm run bench`: starts the product fresh on PGlite and on PostgreSQL, runs every scenario in
// src/scenarios/ against it, and prints each figure beside its budget and beside a bare Fastify
// hello-world measured in the same run.
//
//   npm run bench                      the full run (budgets decide the exit code)
//   npm run bench -- --smoke           a short run for CI: prints the figures, fails only if the
//                                      harness itself breaks
//   npm run bench -- --only=base-info,sign-in --db=pglite --seconds=5 --no-lighthouse
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { load, type LoadResult } from './lib/load.ts';
import { freePort } from './lib/net.ts';
import { startProcess, waitUntilReady } from './lib/processes.ts';
import { createStore, DEMO, postgresReachable, repoRoot, signIn, startProduct, type Product } from './lib/product.ts';
import { meetsBudget, printReport } from './lib/report.ts';
import type { Scenario } from './lib/scenario.ts';
import type { Database, Figure, Options } from './lib/types.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    db: { type: 'string' },
    only: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});

const options: Options = {
  smoke: args.smoke,
  seconds: Number(args.seconds ?? (args.smoke ? 2 : 10)),
  connections: Number(args.connections ?? 50),
  databases: (args.db?.split(',') ?? ['pglite', 'postgres']) as Database[],
  only: args.only?.split(',').filter(Boolean) ?? [],
  lighthouse: !args['no-lighthouse'] && !args.smoke,
};
// The load stays bounded whatever is asked: at most 200 connections for at most 2 minutes a run.
function refuse(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
if (!(options.seconds > 0 && options.seconds <= 120)) refuse('--seconds must be between 1 and 120');
if (!(Number.isInteger(options.connections) && options.connections >= 1 && options.connections <= 200)) {
  refuse('--connections must be between 1 and 200');
}
for (const database of options.databases) {
  if (database !== 'pglite' && database !== 'postgres') refuse(`unknown database ${database}: pglite or postgres`);
}

const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const webDist = path.join(repoRoot, 'web/dist');

/** Every file in scenarios/ is a scenario: adding one is adding a file. */
async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(import.meta.dirname, 'scenarios');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const all = await Promise.all(
    files.map(async (file) => ((await import(path.join(dir, file))) as { default: Scenario }).default),
  );
  const unknown = options.only.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length > 0) refuse(`unknown scenario ${unknown.join(', ')}: ${all.map((s) => s.name).join(', ')}`);
  const scenarios: Scenario[] = [];
  for (const scenario of all) {
    if (options.only.length > 0 && !options.only.includes(scenario.name)) continue;
    if (scenario.fullOnly && options.smoke) continue;
    if (scenario.name === 'lighthouse' && !options.lighthouse) continue;
    scenarios.push(scenario);
  }
  return scenarios;
}

/**
 * Hello-world, measured right before each database's scenarios: on a shared machine the load
 * from other work changes by the minute, so a yardstick taken minutes earlier would skew ratios.
 */
async function measureHello(): Promise<LoadResult> {
  const port = await freePort();
  const since = performance.now();
  const hello = startProcess(process.execPath, [path.join(import.meta.dirname, 'lib/hello.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: '--import tsx' },
  });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/`, hello, since, 30_000);
    return await load({ url: `http://127.0.0.1:${port}/`, connections: options.connections, seconds: options.seconds });
  } finally {
    await hello.stop();
  }
}

const failures: string[] = [];
const figures: Figure[] = [];

async function runDatabase(database: Database, scenarios: Scenario[]) {
  const mine = scenarios.filter((s) => s.databases.includes(database));
  if (mine.length === 0) return;
  console.log(`\n--- ${database}: starting the product fresh`);
  const store = await createStore(database, postgresUrl);
  let product: Product | undefined;
  try {
    const first = await startProduct(store);
    await first.stop();
    for (const scenario of mine) {
      if (!scenario.prepare) continue;
      console.log(`--- ${database}: ${scenario.name}: preparing data`);
      await scenario.prepare({ options, store });
    }
    product = await startProduct(store);
    const startup = { firstMs: first.readyMs, againMs: product.readyMs };
    const token = await signIn(product.baseURL, DEMO.account, DEMO.password);
    console.log(`--- ${database}: hello-world (bare Fastify), the yardstick`);
    const hello = await measureHello();
    figures.push({
      scenario: 'hello-world',
      database,
      name: 'requests/s',
      value: hello.requestsPerSecond,
      unit: 'req/s',
      ofHello: 1,
      note: `p99 ${hello.p99.toFixed(1)} ms`,
    });
    for (const scenario of mine) {
      console.log(`--- ${database}: ${scenario.name}`);
      try {
        figures.push(...(await scenario.run({ options, database, product, token, hello, startup, webDist })));
      } catch (error) {
        failures.push(`${scenario.name} on ${database}: ${(error as Error).message}`);
      }
    }
  } finally {
    await product?.stop();
    await store.drop();
  }
}

async function main() {
  const scenarios = await loadScenarios();
  const mode = options.smoke ? 'smoke run' : 'full run';
  console.log(
    `Seller Centre bench, ${mode}: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores ` +
      `(load average ${os.loadavg()[0]!.toFixed(1)} at the start), Node ${process.version}, ` +
      `${options.seconds} s per load at ${options.connections} connections; scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
  );

  for (const database of options.databases) {
    if (database === 'postgres' && !(await postgresReachable(postgresUrl))) {
      console.log(`\n--- postgres: no server at ${new URL(postgresUrl).host}, skipped (set BENCH_DATABASE_URL)`);
      continue;
    }
    try {
      await runDatabase(database, scenarios);
    } catch (error) {
      failures.push(`${database}: ${(error as Error).message}`);
    }
  }

  console.log(
    `\nload average at the end: ${os.loadavg()[0]!.toFixed(1)} (other work on the machine skews every figure)`,
  );
  printReport(figures);
  const misses = figures.filter((f) => meetsBudget(f) === false);
  const out = path.join(repoRoot, 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, `bench-${options.smoke ? 'smoke' : 'full'}.json`),
    JSON.stringify({ date: new Date().toISOString(), loadAverage: os.loadavg(), options, figures, failures }, null, 2),
  );

  console.log('');
  for (const failure of failures) console.log(`harness failure: ${failure}`);
  console.log(
    `${figures.length} figures, ${misses.length} over budget${options.smoke ? ' (a smoke run does not judge budgets)' : ''}`,
  );
  if (failures.length > 0) process.exit(2);
  if (!options.smoke && misses.length > 0) process.exit(1);
}

await main();
