import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering rule of eslint.config.js, run on imports a careless change might add.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

// The first lint loads the whole ESLint configuration and type information: seconds on a busy machine.
describe('web layering in npm run lint', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'web/src/features/roles/probe.ts',
      "import { employeeKeys } from '../employees/api.ts';\nexport const probe = employeeKeys;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a feature importing the app, and shared code importing a feature', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/roles/probe.ts',
        "import { createQueryClient } from '../../app/query-client.ts';\nexport const probe = createQueryClient;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'web/src/shared/probe.ts',
        "import { roleKeys } from '../features/roles/api.ts';\nexport const probe = roleKeys;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature import its own folder and shared code, and the app import features', async () => {
    expect(
      await boundaryErrors(
        'web/src/features/roles/probe.ts',
        "import { roleKeys } from './api.ts';\nimport { notify } from '../../shared/notify.ts';\nexport const probe = [roleKeys, notify];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'web/src/app/probe.ts',
        "import { roleKeys } from '../features/roles/api.ts';\nexport const probe = roleKeys;\n",
      ),
    ).toEqual([]);
  });
});
