import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture rules of `npm run lint` (.dependency-cruiser.cjs), run on a small made-up
 * server tree, to show each rule refuses what it is meant to refuse and lets the allowed
 * imports through. (`npm run lint` applies the same rules to the real tree.)
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

let fixture: string;

const files: Record<string, string> = {
  'server/src/platform/errors.ts': 'export class AppError extends Error {}\n',
  'server/src/providers/sms/provider.ts': 'export interface SmsProvider { send(): Promise<void> }\n',
  'server/src/providers/sms/console.ts':
    "import type { SmsProvider } from './provider.ts';\nexport const consoleSms: SmsProvider = { async send() {} };\n",
  'server/src/modules/accounts/repository.ts': 'export async function updatePasswordHash() {}\n',
  'server/src/modules/accounts/service.ts':
    "import { updatePasswordHash } from './repository.ts';\nexport const setPasswordHash = updatePasswordHash;\n",
  // allowed: another module's service, platform/, a provider interface
  'server/src/modules/profile/service.ts':
    "import { setPasswordHash } from '../accounts/service.ts';\nimport { AppError } from '../../platform/errors.ts';\n" +
    "import type { SmsProvider } from '../../providers/sms/provider.ts';\n" +
    'export const x = [setPasswordHash, AppError] as const;\nexport type P = SmsProvider;\n',
  // refused: another module's repository (even for a type), and a provider adapter
  'server/src/modules/employees/service.ts':
    "import { updatePasswordHash } from '../accounts/repository.ts';\nexport const y = updatePasswordHash;\n",
  'server/src/modules/roles/service.ts':
    "import type { updatePasswordHash } from '../accounts/repository.ts';\nexport type T = typeof updatePasswordHash;\n",
  'server/src/modules/auth/routes.ts':
    "import { consoleSms } from '../../providers/sms/console.ts';\nexport const z = consoleSms;\n",
  // the factory belongs to the composition root: refused in a module, allowed in app.ts
  'server/src/providers/plugin.ts':
    "import { consoleSms } from './sms/console.ts';\nexport const createProviders = () => ({ sms: consoleSms });\n",
  'server/src/modules/coupons/service.ts':
    "import { createProviders } from '../../providers/plugin.ts';\nexport const w = createProviders;\n",
  'server/src/app.ts': "import { createProviders } from './providers/plugin.ts';\nexport const v = createProviders;\n",
  // refused: an import circle (a provider file that imports its adapter, which imports it back)
  'server/src/providers/wechat/provider.ts':
    "import { simulator } from './simulator.ts';\nexport interface WechatProvider { name: string }\nexport const pick = () => simulator;\n",
  'server/src/providers/wechat/simulator.ts':
    "import type { WechatProvider } from './provider.ts';\nexport const simulator: WechatProvider = { name: 'simulator' };\n",
};

let violations: { rule: string; from: string; to: string }[];

beforeAll(async () => {
  fixture = mkdtempSync(path.join(tmpdir(), 'seller-centre-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  }
  // Files are named relative to baseDir, as `npm run lint` names them from the repository root.
  const result = await cruise(['server/src'], {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    ...config.options,
    baseDir: fixture,
  });
  const output = result.output as ICruiseResult;
  violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 30_000);

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('architecture rules (dependency-cruiser)', () => {
  it("refuses a module importing another module's repository, value or type", () => {
    expect(violations).toContainEqual({
      rule: 'module-reaches-into-another-module',
      from: 'server/src/modules/employees/service.ts',
      to: 'server/src/modules/accounts/repository.ts',
    });
    expect(violations).toContainEqual({
      rule: 'module-reaches-into-another-module',
      from: 'server/src/modules/roles/service.ts',
      to: 'server/src/modules/accounts/repository.ts',
    });
  });

  it('refuses a module importing a provider adapter instead of its interface', () => {
    expect(violations).toContainEqual({
      rule: 'module-uses-provider-internals',
      from: 'server/src/modules/auth/routes.ts',
      to: 'server/src/providers/sms/console.ts',
    });
  });

  it('refuses a module building providers itself; the composition root may', () => {
    expect(violations).toContainEqual({
      rule: 'module-uses-provider-internals',
      from: 'server/src/modules/coupons/service.ts',
      to: 'server/src/providers/plugin.ts',
    });
    expect(
      violations.filter((v) => v.from === 'server/src/app.ts' || v.from === 'server/src/providers/plugin.ts'),
    ).toEqual([]);
  });

  it('refuses an import circle', () => {
    expect(
      violations.some((v) => v.rule === 'server-import-cycle' && v.from.startsWith('server/src/providers/wechat/')),
    ).toBe(true);
  });

  it("lets a module use another module's service, platform/, a provider interface, and its own files", () => {
    const fromAllowed = violations.filter(
      (v) => v.from === 'server/src/modules/profile/service.ts' || v.from.startsWith('server/src/modules/accounts/'),
    );
    expect(fromAllowed).toEqual([]);
    expect(violations).toHaveLength(5);
  });
});
