import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/src/global-setup.ts';

/**
 * API files that replace a module of the app with vi.mock. A replacement applies only to modules
 * loaded after it, and in the `api` project's kept module graphs an earlier file has loaded the
 * app already (and a replacement would stay for the files after it), so a new such file must be
 * listed here, where each file gets a module graph of its own.
 */
const API_FILES_WITH_MODULE_MOCKS = [
  'server/src/modules/auth/reset-password.api.test.ts',
  'server/src/modules/auth/sign-in-concurrency.api.test.ts',
  'server/src/modules/auth/sign-in-race.api.test.ts',
  'server/src/platform/exports/worker-start.api.test.ts',
];

const UNIT_FILES = ['packages/*/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'web/*.test.ts'];
/** Unit test files that replace a module with vi.mock: as above, each gets a module graph of its own. */
const UNIT_FILES_WITH_MODULE_MOCKS = ['server/src/platform/passwords.test.ts'];

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
          include: UNIT_FILES,
          exclude: ['**/*.api.test.ts', ...UNIT_FILES_WITH_MODULE_MOCKS, '**/node_modules/**'],
          // As the api project: a worker keeps its module graph from one file to the next (a
          // graph per file was two thirds of the suite's time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: UNIT_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/src/**/*.api.test.ts'],
          exclude: [...API_FILES_WITH_MODULE_MOCKS, '**/node_modules/**'],
          globalSetup: ['server/src/test/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each worker (one a core) keeps its module graph from one file to the next, the app's
          // modules loaded once, instead of loading the app again for every file: that loading
          // was about a fifth of the suite's time. Each file still builds its own app on its own
          // database, and closes it.
          isolate: false,
        },
      },
      {
        test: {
          // The API files that replace one of the app's modules (vi.mock): a replacement holds
          // for a module graph of their own, which they get here, one file at a time.
          name: 'api-isolated',
          environment: 'node',
          include: API_FILES_WITH_MODULE_MOCKS,
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
          // E2E_WORKERS files at a time, each worker with a server of its own (global-setup.ts).
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
