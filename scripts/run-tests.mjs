#!/usr/bin/env node
// The README's test command. Runs each suite in turn, keeps going after a failure so one run
// shows everything, and ends with one line `N passed, N failed` over all of them.
//
//   node scripts/run-tests.mjs                 typecheck, lint, unit, api, e2e
//   node scripts/run-tests.mjs api             only the named suites
//   node scripts/run-tests.mjs bench           the bench's smoke run (CI): one pass if it runs and
//                                              prints its figures; its budgets are not judged here
//   TEST_DATABASE_URL=postgres://... ...       the api suite against a PostgreSQL server
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

function run(command, args, env = {}) {
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

/** A check that is one pass or one fail (typecheck, lint). */
function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const status = run(command, args);
  return { name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
}

/** A vitest project: counts every test; a file that fails to load counts as one failure. */
function vitest(project) {
  console.log(`\n=== ${project} tests ===`);
  const label = process.env.TEST_DATABASE_URL && project === 'api' ? 'api-postgres' : project;
  const out = path.join(results, `${label}.json`);
  const status = run('npx', [
    'vitest', 'run', '--project', project,
    '--reporter=default', '--reporter=json', `--outputFile.json=${out}`,
  ]);
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
    failed += brokenFiles.length;
  }
  if (status !== 0 && failed === 0) failed = 1;
  if (status === 0 && passed === 0) {
    console.error(`${project}: no test ran`);
    failed += 1;
  }
  return { name: label, passed, failed };
}

const suites = {
  typecheck: () => check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  lint: () => check('lint', 'npm', ['run', '--silent', 'lint']),
  unit: () => vitest('unit'),
  api: () => vitest('api'),
  e2e: () => {
    // The browser tests run against the built app, as `npm start` serves it.
    console.log('\n=== build web for e2e ===');
    if (run('npm', ['run', '--silent', 'build']) !== 0) return { name: 'e2e', passed: 0, failed: 1 };
    return vitest('e2e');
  },
  bench: () => check('bench smoke', 'node', ['--import', 'tsx', 'bench/src/run.ts', '--smoke']),
};
// The bench is named explicitly (CI does, after PostgreSQL is up); `npm test` leaves it out.
const DEFAULT_SUITES = ['typecheck', 'lint', 'unit', 'api', 'e2e'];

const chosen = process.argv.slice(2);
const names = chosen.length > 0 ? chosen : DEFAULT_SUITES;
const unknown = names.filter((n) => !(n in suites));
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}

const outcomes = names.map((n) => suites[n]());
const passed = outcomes.reduce((s, o) => s + o.passed, 0);
const failed = outcomes.reduce((s, o) => s + o.failed, 0);
writeFileSync(path.join(results, `summary-${names.join('-')}${process.env.TEST_DATABASE_URL ? '-postgres' : ''}.json`), JSON.stringify({ outcomes, passed, failed }, null, 2));
console.log('');
for (const o of outcomes) console.log(`${o.name}: ${o.passed} passed, ${o.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
