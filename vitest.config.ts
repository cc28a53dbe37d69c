import { defineConfig } from 'vitest/config';

/**
 * Three suites, one runner: `unit` (pure rules, no I/O), `api` (the real app through
 * app.inject on a real database: PGlite, or PostgreSQL with TEST_DATABASE_URL) and `e2e`
 * (real Chromium against a server started as `npm start` starts it).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'web/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/src/**/*.api.test.ts'],
          globalSetup: ['server/src/test/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/src/**/*.e2e.ts'],
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A journey that fails once runs once more, as Playwright's own CI setting does: on a
          // loaded two-core machine one slow moment (a late step of Chromium, a busy server) is
          // not a defect. A test that passes only on its retry is named in the run's summary
          // (scripts/retried-tests-reporter.mjs), so it is still seen and fixed.
          retry: 1,
          // A poll waits for what the user would wait for (an answer replacing a page): a second,
          // the default, is too short on a loaded two-core machine.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One browser journey at a time: the machine has two cores and the server is shared.
          fileParallelism: false,
        },
      },
    ],
  },
});
