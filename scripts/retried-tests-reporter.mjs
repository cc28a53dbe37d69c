// A vitest reporter that lists each test that passed only on a retry (the e2e suite retries a
// failed test once), so the run's summary names it: a retry keeps one slow moment of a loaded
// machine from failing the run, and this list keeps the retried test from going unnoticed.
// Writes one line per test to the file in RETRIED_TESTS_FILE.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default class RetriedTestsReporter {
  onTestCaseResult(testCase) {
    const file = process.env.RETRIED_TESTS_FILE;
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (!file || retries === 0 || testCase.result().state !== 'passed') return;
    const name = path.relative(process.cwd(), testCase.module.moduleId);
    // What the failed attempt said, on one line.
    const error = (testCase.result().errors?.[0]?.message ?? '').split('\n')[0].slice(0, 160);
    appendFileSync(file, `${name} > ${testCase.fullName} (passed on retry ${retries}): ${error}\n`);
  }
}
