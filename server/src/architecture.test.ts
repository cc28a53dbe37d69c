import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModuleCycles } from '../../scripts/check-module-cycles.ts';

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
  // refused: two modules importing each other through different files (no file circle, a module
  // circle): packages reading quota holdings, quota reading the plans
  'server/src/modules/quota/service.ts': 'export async function quotaHoldingsOf() {}\n',
  'server/src/modules/packages/service.ts': 'export async function listPlanEnds() {}\n',
  'server/src/modules/packages/holdings.ts':
    "import { quotaHoldingsOf } from '../quota/service.ts';\nexport const h = quotaHoldingsOf;\n",
  'server/src/modules/quota/plan-limits.ts':
    "import { listPlanEnds } from '../packages/service.ts';\nexport const l = listPlanEnds;\n",
  // refused: orders using another module, even its service (what is bought registers with orders
  // at composition); its tests may
  'server/src/modules/warehouse/top-up-service.ts': 'export async function creditWarehouseTopUp() {}\n',
  'server/src/modules/orders/fulfilment.ts':
    "import { creditWarehouseTopUp } from '../warehouse/top-up-service.ts';\nexport const f = creditWarehouseTopUp;\n",
  'server/src/modules/orders/orders.test.ts':
    "import { creditWarehouseTopUp } from '../warehouse/top-up-service.ts';\nexport const t = creditWarehouseTopUp;\n",
  // allowed: a test driving another module as a caller would (accounts <- profile is production's)
  'server/src/modules/accounts/accounts.test.ts': "import { x } from '../profile/service.ts';\nexport const t = x;\n",
};

let violations: { rule: string; from: string; to: string }[];
let moduleCycles: string[][];

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
  moduleCycles = await findModuleCycles(fixture);
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

  it('refuses a circle between modules that is no circle between files; tests are left out', () => {
    expect(violations.some((v) => /modules[/](packages|quota)[/]/.test(v.from))).toBe(false);
    expect(moduleCycles).toEqual([['packages', 'quota', 'packages']]);
  });

  it('refuses the orders module using another module; its tests may', () => {
    expect(violations.filter((v) => v.from.startsWith('server/src/modules/orders/'))).toEqual([
      {
        rule: 'orders-know-no-module',
        from: 'server/src/modules/orders/fulfilment.ts',
        to: 'server/src/modules/warehouse/top-up-service.ts',
      },
    ]);
  });

  it("lets a module use another module's service, platform/, a provider interface, and its own files", () => {
    const fromAllowed = violations.filter(
      (v) => v.from === 'server/src/modules/profile/service.ts' || v.from.startsWith('server/src/modules/accounts/'),
    );
    expect(fromAllowed).toEqual([]);
    expect(violations).toHaveLength(6);
  });
});
