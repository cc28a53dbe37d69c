import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, DEMO, ok, signInByApi } from './helpers/api.ts';
import { chooseLanguage, useToken, type Language, personalCentreReady } from './helpers/pages.ts';

/**
 * The audit log of role, permission, employee and data-authority changes is visible to
 * the main account, in the personal centre, in every language.
 */

const root = path.resolve(import.meta.dirname, '../..');
function translation(language: Language, namespace: string, key: string): string {
  const data = JSON.parse(readFileSync(path.join(root, 'web/locales', language, `${namespace}.json`), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], data) as string;
}

type AuditEntry = { id: number; actor_name: string; action: string; target_type: string; target_id: number };

const run = Date.now().toString(36).slice(-5);
const ROLE_NAME = `Audit role ${run}`;
const EMPLOYEE = {
  name: `audit${run}`,
  phone: `137${String(Date.now() % 100_000_000).padStart(8, '0')}`,
  password: 'Staff@2026x',
};
// Permission ids of the catalogue (packages/contract/src/permissions.ts).
const EMPLOYEE_SERVICE = 259;
const EMPLOYEE_PAGE = 261;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let roleId: number;
let created: AuditEntry;
let permissions: AuditEntry;
let hired: AuditEntry;

beforeAll(async () => {
  browser = await launch();
  token = (await signInByApi(DEMO.account, DEMO.password)).authorization;
  context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
  await useToken(context, token);
  page = await context.newPage();

  // Three changes to one role: made, given permissions, renamed.
  roleId = (
    await ok<{ id: number }>('POST', '/api/v1/auth/role', { token, body: { name: ROLE_NAME, describe: 'e2e' } })
  ).id;
  await ok('PUT', '/api/v1/auth/role/function/menu', {
    token,
    body: { id: roleId, function_menu_ids: `${EMPLOYEE_SERVICE},${EMPLOYEE_PAGE}` },
  });
  await ok('PUT', '/api/v1/auth/role', { token, body: { id: roleId, name: `${ROLE_NAME} v2`, describe: 'e2e' } });
  // And an employee holding it (an employee.create entry with its data authority).
  await ok('POST', '/api/v1/auth/sub-account', {
    token,
    body: {
      user_name: EMPLOYEE.name,
      area: '86',
      phone_number: EMPLOYEE.phone,
      password: EMPLOYEE.password,
      auth_role_id: roleId,
      shop_auth: { auth_type: 1 },
      warehouse_auth: { auth_type: 1 },
    },
  });

  const log = await ok<{ total: number; data: AuditEntry[] }>('GET', '/api/v1/auth/audit-log', {
    token,
    query: { target_type: 'role', limit: 30 },
  });
  const mine = log.data.filter((e) => e.target_id === roleId);
  created = mine.find((e) => e.action === 'role.create')!;
  permissions = mine.find((e) => e.action === 'role.permissions')!;
  expect(created, 'role.create entry').toBeDefined();
  expect(permissions, 'role.permissions entry').toBeDefined();
  const employees = await ok<{ total: number; data: AuditEntry[] }>('GET', '/api/v1/auth/audit-log', {
    token,
    query: { action: 'employee.create' },
  });
  hired = employees.data[0]!;
  expect(hired.actor_name).toBe(DEMO.account);
});
afterAll(async () => browser?.close());

async function settled(): Promise<void> {
  await page.waitForTimeout(300);
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 10_000 }).toBe(0);
}

describe('the audit log in Chromium', () => {
  it('shows the main account its role changes, newest first, with before → after', async () => {
    await page.goto('/home?active=auditLog');
    await personalCentreReady(page);
    await page.getByTestId('audit-log').waitFor();
    await page.getByTestId(`audit-target-${created.id}`).waitFor();
    // It sits in the account management group of the menu.
    expect(await page.getByTestId('nav-auditLog').textContent()).toBe(translation('zh', 'layout', 'modules.auditLog'));

    expect(await page.getByTestId(`audit-actor-${created.id}`).textContent()).toBe(DEMO.account);
    expect(await page.getByTestId(`audit-action-${created.id}`).textContent()).toBe(
      translation('zh', 'audit-log', 'actions.role.create'),
    );
    expect(await page.getByTestId(`audit-target-${created.id}`).textContent()).toContain(ROLE_NAME);

    // The create entry: the new role's fields, nothing before.
    await page.getByTestId(`audit-details-${created.id}`).click();
    const diff = page.getByTestId(`audit-diff-${created.id}`);
    await diff.waitFor();
    expect(await diff.textContent()).toContain(ROLE_NAME);
    expect(await diff.textContent()).toContain(translation('zh', 'audit-log', 'fields.name'));
    expect(await diff.textContent()).not.toContain('{');

    // The permissions entry names what was added.
    await page.getByTestId(`audit-details-${permissions.id}`).click();
    const granted = page.getByTestId(`audit-diff-${permissions.id}`);
    await granted.waitFor();
    expect(await granted.textContent()).toContain(translation('zh', 'audit-log', 'details.added'));
  });

  it('filters by target type and action on the server', async () => {
    const select = page.getByTestId('audit-filter-action');
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: translation('zh', 'audit-log', 'actions.role.update') })
      .first()
      .click();
    await settled();
    await expect.poll(() => page.getByTestId(`audit-target-${created.id}`).count()).toBe(0);
    const actions = await page.locator('[data-testid^="audit-action-"]').allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set([translation('zh', 'audit-log', 'actions.role.update')]));

    await page.getByTestId('audit-reset').click();
    await page.getByTestId(`audit-target-${created.id}`).waitFor();
  });

  it('is neither on the menu of a sub-account nor served to it', async () => {
    const employee = await signInByApi(EMPLOYEE.name, EMPLOYEE.password);
    const refused = await call('GET', '/api/v1/auth/audit-log', { token: employee.authorization });
    expect(refused.body.code).toBe(403);
    expect((await call('GET', '/api/v1/auth/audit-log')).body.code).toBe(401);

    const subContext = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
    try {
      await useToken(subContext, employee.authorization);
      const sub = await subContext.newPage();
      await sub.goto('/home?active=auditLog');
      // Opened by URL, it says so, with a way back to the personal centre.
      await sub.getByTestId('module-denied').waitFor();
      expect(await sub.getByTestId('nav-auditLog').count()).toBe(0);
      expect(await sub.getByTestId('audit-log').count()).toBe(0);
    } finally {
      await subContext.close();
    }
  });

  it('reads in zh, kr and th', async () => {
    const languages: Language[] = ['zh', 'kr', 'th'];
    for (const language of languages) {
      await page.goto('/home?active=auditLog');
      await personalCentreReady(page);
      await page.getByTestId(`audit-target-${created.id}`).waitFor();
      if (language !== 'zh') await chooseLanguage(page, language);
      await page
        .getByText(translation(language, 'audit-log', 'actions.role.create'))
        .first()
        .waitFor();
      for (const entry of [hired, permissions]) {
        await page.getByTestId(`audit-details-${entry.id}`).click();
        await page.getByTestId(`audit-diff-${entry.id}`).waitFor();
      }
      await settled();
      await snap(page, `audit-log-${language}`);
    }
  });
});
