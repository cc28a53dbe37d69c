import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  // ---- Web boundaries ---------------------------------------------------------------------
  // Layering (bulletproof-react): shared <- features <- app. A feature imports `shared/` and its
  // own folder only, never another feature or the app; shared code imports neither; only `app/`
  // (and the entry point) assembles features. Scoped to web files, so the server's own element
  // settings elsewhere in this file never mix with these.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-app', pattern: 'web/src/app' },
        { type: 'web-feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'web/src/shared' },
        { type: 'web-entry', pattern: 'web/src/*.{ts,tsx}', partialMatch: false },
      ],
      'boundaries/include': ['web/src/**/*'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'a web feature imports shared/ and its own folder only, shared/ imports nothing above it, app/ assembles features ({{ from.element.type }} -> {{ to.element.type }})',
          policies: [
            {
              from: { element: { type: 'web-entry' } },
              allow: [{ to: { element: { types: ['web-app', 'web-shared'] } } }],
            },
            {
              from: { element: { type: 'web-app' } },
              allow: [{ to: { element: { types: ['web-app', 'web-feature', 'web-shared'] } } }],
            },
            {
              from: { element: { type: 'web-feature' } },
              allow: [
                { to: { element: { type: 'web-shared' } } },
                {
                  to: {
                    element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                  },
                },
              ],
            },
            { from: { element: { type: 'web-shared' } }, allow: [{ to: { element: { type: 'web-shared' } } }] },
          ],
        },
      ],
    },
  },
  // ---- end of web boundaries ----------------------------------------------------------------
  {
    // Every list goes through the list kit (web/src/shared/list: useServerList + ServerTable, or
    // LocalTable for a short list loaded whole), so each has its URL state, loading, empty and
    // failed states, and a table a keyboard can scroll. A feature drawing antd's Table would have none.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['Table'],
              message: "a feature's list goes through web/src/shared/list (useServerList + ServerTable, or LocalTable), not antd's Table",
            },
          ],
          patterns: [
            {
              group: ['antd/es/table', 'antd/es/table/*', 'antd/lib/table', 'antd/lib/table/*'],
              message: "a feature's list goes through web/src/shared/list (useServerList + ServerTable, or LocalTable), not antd's Table",
            },
          ],
        },
      ],
    },
  },
  {
    // The server never reaches into the browser app, and the contract depends on nothing local.
    files: ['server/**/*.ts', 'packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'server code must not import the web app' }] },
      ],
    },
  },
);
