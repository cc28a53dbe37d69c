#!/usr/bin/env node
// The README's test command. Runs each suite, keeps going after a failure so one run shows
// everything, and ends with one line `N passed, N failed` over all of them.
//
//   node scripts/run-tests.mjs                 typecheck, lint, unit, api, e2e
//   node scripts/run-tests.mjs api             only the named suites
//   node scripts/run-tests.mjs bench           the bench's smoke run (CI): one pass if it runs and
//                                              prints its figures; its budgets are not judged here
//   TEST_DATABASE_URL=postgres://... ...       the api suite against a PostgreSQL server
//   TEST_POSTGRES_URL=postgres://... npm test  also the api suite on that server (as api-postgres)
//
// Two lanes run side by side: the browser suite (e2e, after one build of the app when one is
// needed) spends most of its time waiting on Chromium and its servers, so the other suites
// (typecheck, lint, unit, the api suite on PGlite) run meanwhile, one after another, with their
// output shown as it comes. The side lane runs the api suite on PostgreSQL after e2e; its output
// is kept in test-results/side-lane.log and shown when the lane ends.
//
// Each suite's time is printed when it ends and in the summary, beside its budget
// (scripts/test-budgets.json); a suite past its budget counts as one more failure, so a suite
// that grows slow is noticed the day it does. TEST_BUDGETS=off prints the times without judging.
// The api and e2e suites also print their ten slowest files.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'test-budgets.json'), 'utf8')).seconds;
const judgeBudgets = process.env.TEST_BUDGETS !== 'off';
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

/** Where a suite's output goes: this process's own, or a log file shown when the suite ends. */
function consoleOut() {
  return { log: (line) => console.log(line), error: (line) => console.error(line), stream: 'inherit' };
}
function fileOut(file) {
  const stream = createWriteStream(file);
  const write = (line) => stream.write(`${line}\n`);
  return { log: write, error: write, stream, file, close: () => new Promise((r) => stream.end(r)) };
}

function run(out, command, args, env = {}) {
  return new Promise((resolve) => {
    const stdio = out.stream === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'];
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    if (stdio !== 'inherit') {
      child.stdout.pipe(out.stream, { end: false });
      child.stderr.pipe(out.stream, { end: false });
    }
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** A check that is one pass or one fail (typecheck, lint). */
async function check(out, name, command, args) {
  out.log(`\n=== ${name} ===`);
  const status = await run(out, command, args);
  return { name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
}

/**
 * A vitest project: counts every test; a file that fails to load counts as one failure. `label`
 * names its report; `env` is the run's own (the api suite on PostgreSQL sets TEST_DATABASE_URL).
 */
async function vitest(out, project, label = project, env = {}) {
  out.log(`\n=== ${label} tests ===`);
  const report = path.join(results, `${label}.json`);
  const retriedFile = path.join(results, `${label}-retried.txt`);
  rmSync(retriedFile, { force: true });
  // The api and unit suites are two vitest projects each: `api` and `unit`, and `api-isolated` and
  // `unit-isolated` for their files that replace a module with vi.mock (vitest.config.ts).
  const projects = project === 'e2e' ? [project] : [project, `${project}-isolated`];
  const status = await run(
    out,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./scripts/retried-tests-reporter.mjs',
    ],
    { ...env, RETRIED_TESTS_FILE: retriedFile },
  );
  let passed = 0;
  let failed = 0;
  const failures = [];
  if (existsSync(report)) {
    const parsed = JSON.parse(readFileSync(report, 'utf8'));
    passed = parsed.numPassedTests;
    failed = parsed.numFailedTests;
    const brokenFiles = parsed.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
    failed += brokenFiles.length;
    failures.push(...failuresOf(parsed));
    if (project !== 'unit') printSlowestFiles(out, label, parsed);
  }
  const retried = existsSync(retriedFile) ? readFileSync(retriedFile, 'utf8').split('\n').filter(Boolean) : [];
  if (status !== 0 && failed === 0) failed = 1;
  if (status === 0 && passed === 0) {
    out.error(`${label}: no test ran`);
    failed += 1;
  }
  return { name: label, passed, failed, failures, retried };
}

/**
 * Each failed test as `file > test: first line of the error`, kept short: CI shows only the end
 * of its log, so the summary must say which tests failed, not only how many.
 */
function failuresOf(report) {
  const firstLine = (messages) =>
    (messages?.[0] ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 160) ?? '';
  const lines = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`${name}: ${firstLine([file.message])}`);
    for (const t of failedTests) lines.push(`${name} > ${t.fullName}: ${firstLine(t.failureMessages)}`);
  }
  return lines;
}

/** The files that took longest (vitest's JSON report: each file's start and end). */
function printSlowestFiles(out, label, report) {
  const files = report.testResults
    .map((f) => ({ name: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
    .filter((f) => Number.isFinite(f.seconds))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (files.length === 0) return;
  out.log(`\n${label}: slowest files`);
  for (const f of files) out.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
}

/** Runs one suite, prints its time, and adds a failure when it went past its budget. */
async function timed(out, name, runSuite) {
  const started = Date.now();
  const outcome = await runSuite(out);
  const seconds = Math.round((Date.now() - started) / 1000);
  const budget = budgets[outcome.name] ?? budgets[name];
  const over = budget !== undefined && seconds > budget;
  outcome.seconds = seconds;
  outcome.budget = budget;
  out.log(`\n--- ${outcome.name}: ${seconds} s${budget !== undefined ? ` (budget ${budget} s)` : ''}`);
  if (over && judgeBudgets) {
    out.error(
      `${outcome.name}: ${seconds} s is past its budget of ${budget} s (scripts/test-budgets.json): find what grew (the slowest files above)`,
    );
    outcome.failed += 1;
    outcome.overBudget = true;
  }
  return outcome;
}

const postgresUrl = process.env.TEST_POSTGRES_URL;
const suites = {
  typecheck: (out) => check(out, 'typecheck', 'npm', ['run', '--silent', 'typecheck']),
  lint: (out) => check(out, 'lint', 'npm', ['run', '--silent', 'lint']),
  unit: (out) => vitest(out, 'unit'),
  api: (out) => vitest(out, 'api', process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api'),
  'api-postgres': (out) => vitest(out, 'api', 'api-postgres', { TEST_DATABASE_URL: postgresUrl }),
  // Against the built app, as `npm start` serves it: built once by the runner before the lanes.
  e2e: (out) => vitest(out, 'e2e'),
  bench: (out) => check(out, 'bench smoke', 'node', ['--import', 'tsx', 'bench/src/run.ts', '--smoke']),
};
// The bench is named explicitly (CI does, after PostgreSQL is up); `npm test` leaves it out.
const DEFAULT_SUITES = ['typecheck', 'lint', 'unit', 'api', ...(postgresUrl ? ['api-postgres'] : []), 'e2e'];

const chosen = process.argv.slice(2);
const names = chosen.length > 0 ? chosen : DEFAULT_SUITES;
const unknown = names.filter((n) => !(n in suites));
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
if (names.includes('api-postgres') && !postgresUrl) {
  console.error(
    'api-postgres needs TEST_POSTGRES_URL (a PostgreSQL server where each test file makes its own database)',
  );
  process.exit(2);
}

/**
 * Whether web/dist was built after the last change to anything the web build reads: the web
 * workspace (sources, translations, public files, its configuration and package.json), the
 * contract it imports, and the installed packages (package-lock.json). `npm ci` builds the app (the root `prepare`
 * script) moments before CI's `npm test`; building it again costs the browser lane a minute of a
 * loaded machine for the same files. Any edit, pull or checkout since makes a file newer and the
 * lane builds. The e2e server runs from the sources, so the server bundle is not built here.
 */
function webBuildIsFresh() {
  let builtAt;
  try {
    builtAt = statSync(path.join(root, 'web/dist/index.html')).mtimeMs;
  } catch {
    return false;
  }
  const skip = new Set([path.join(root, 'web/dist'), path.join(root, 'web/node_modules')]);
  const newerIn = (file) => {
    const stat = statSync(file);
    if (!stat.isDirectory()) return stat.mtimeMs > builtAt;
    if (skip.has(file) || path.basename(file) === 'node_modules') return false;
    return stat.mtimeMs > builtAt || readdirSync(file).some((entry) => newerIn(path.join(file, entry)));
  };
  const inputs = ['web', 'packages/contract', 'package-lock.json'];
  return !inputs.some((input) => newerIn(path.join(root, input)));
}

const runStarted = Date.now();
/**
 * The suites of the side lane, which runs beside the main lane (the other suites) when more than
 * one suite runs: e2e, which mostly waits on Chromium and its servers, then the API suite on
 * PostgreSQL, which starts when e2e ends and so runs beside the end of the API suite on PGlite
 * rather than alone after it (docs/decisions.md, "CI time").
 */
const SIDE_SUITES = ['e2e', 'api-postgres'];
/** Runs one suite of the side lane: e2e after one build of the app, when one is needed. */
async function sideSuite(out, name) {
  return timed(out, name, async () => {
    if (name === 'e2e') {
      out.log('\n=== build web for e2e ===');
      if (webBuildIsFresh()) {
        out.log('web/dist is newer than every file it is built from: built already (npm ci builds it)');
      } else if ((await run(out, 'npm', ['run', '--silent', 'build', '-w', 'web'])) !== 0) {
        return { name: 'e2e', passed: 0, failed: 1 };
      }
    }
    return suites[name](out);
  });
}
/** The side lane: its suites one after another, their output kept in a file while the main lane prints. */
async function sideLane() {
  const chosen = SIDE_SUITES.filter((n) => names.includes(n));
  if (chosen.length === 0) return [];
  const side = chosen.length < names.length;
  const out = side ? fileOut(path.join(results, 'side-lane.log')) : consoleOut();
  if (side)
    console.log(
      `\n=== ${chosen.join(', then ')} run alongside the other suites; their output: ${path.relative(root, out.file)} ===`,
    );
  const outcomes = [];
  for (const name of chosen) outcomes.push(await sideSuite(out, name));
  if (side) {
    await out.close();
    console.log(`\n=== ${chosen.join(', ')} output (${path.relative(root, out.file)}) ===`);
    console.log(readFileSync(out.file, 'utf8'));
  }
  return outcomes;
}
async function mainLane() {
  const outcomes = [];
  for (const name of names.filter((n) => !SIDE_SUITES.includes(n))) {
    outcomes.push(await timed(consoleOut(), name, suites[name]));
  }
  return outcomes;
}
const lanes = await Promise.all([mainLane(), sideLane()]);
const outcomes = lanes.flat();
const totalSeconds = Math.round((Date.now() - runStarted) / 1000);
const passed = outcomes.reduce((s, o) => s + o.passed, 0);
const failed = outcomes.reduce((s, o) => s + o.failed, 0);
writeFileSync(
  path.join(results, `summary-${names.join('-')}${process.env.TEST_DATABASE_URL ? '-postgres' : ''}.json`),
  JSON.stringify({ outcomes, passed, failed, seconds: totalSeconds }, null, 2),
);
console.log('');
for (const o of outcomes) {
  const time = `${o.seconds} s${o.budget !== undefined ? ` of ${o.budget} s` : ''}${o.overBudget ? ', OVER BUDGET' : ''}`;
  console.log(`${o.name}: ${o.passed} passed, ${o.failed} failed (${time})`);
  for (const f of o.failures ?? []) console.log(`  failed: ${f}`);
  for (const r of o.retried ?? []) console.log(`  retried: ${r}`);
}
console.log(`time: ${totalSeconds} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
