import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, snap } from './browser.ts';
import { call, DEMO, ok, signInByApi, uniquePhone } from './helpers/api.ts';
import {
  chooseLanguage,
  loginWithAccount,
  nextToast,
  onPath,
  useToken,
  type Language,
  dataRows,
  personalCentreReady,
} from './helpers/pages.ts';

/**
 * Access control end to end: a main account builds a role and an employee in the browser; the employee
 * signs in and meets exactly what it was given; disabling it ends its open session at once.
 */

const root = path.resolve(import.meta.dirname, '../..');
function translation(language: Language, namespace: string, key: string): string {
  const data = JSON.parse(readFileSync(path.join(root, 'web/locales', language, `${namespace}.json`), 'utf8'));
  return key.split('.').reduce((node, part) => node[part], data) as string;
}

type RoleRow = { id: number; name: string };
type AccountRow = { user_id: number; user_name: string; auth_role_id: number | null; status: number };
type MenuNode = { id: number; select: boolean; child_list: MenuNode[] };
type AuthorityTree = {
  code: string;
  child_list: { id: number; auth_data: { auth_type: number; auth_value: string } }[];
}[];

// Named afresh by each attempt of the test that creates them: names are unique within a tenant,
// so a retry that reused the first attempt's name would be refused for that alone.
const runSuffix = () => Date.now().toString(36).slice(-6);
let ROLE_NAME: string;
let EMPLOYEE: { name: string; phone: string; password: string };
// Permission ids of the catalogue (packages/contract/src/permissions.ts).
const EMPLOYEE_SERVICE = 259;
const EMPLOYEE_PAGE = 261;
const ADD_ACCOUNT = 283;
const EDIT_ACCOUNT = 284;
const DATA_AUTHORITY = 285;

let browser: Browser;
let mainContext: BrowserContext;
let main: Page;
let mainToken: string;
let employeeContext: BrowserContext;
let employee: Page;
let employeeToken: string;
let roleId: number;
let employeeId: number;
let chosenShops: { id: number; shop_name: string }[];

async function newContext(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
}

async function openModule(page: Page, key: 'roleManagement' | 'authorityManagement'): Promise<void> {
  await page.goto(`/home?active=${key}`);
  await personalCentreReady(page);
  await page.getByTestId(key === 'roleManagement' ? 'role-management' : 'authority-management').waitFor();
  await dataRows(page).first().waitFor();
}

/** Picks an option of an antd Select inside a container by its visible label. */
async function pickOption(page: Page, select: ReturnType<Page['locator']>, label: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Lets a refetch (the language is in the query keys) finish before a screenshot. */
async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 10_000 }).toBe(0);
}

async function isChecked(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).isChecked();
}

beforeAll(async () => {
  browser = await launch();
  mainToken = (await signInByApi(DEMO.account, DEMO.password)).authorization;
  mainContext = await newContext();
  await useToken(mainContext, mainToken);
  main = await mainContext.newPage();
});
afterAll(async () => browser?.close());

describe('roles, employees and data authority in Chromium', () => {
  it('a main account creates a role and gives it a few permissions in the settings dialog', async () => {
    ROLE_NAME = `E2E staff ${runSuffix()}`;
    await openModule(main, 'roleManagement');
    // The built-in top role cannot be touched.
    for (const action of ['edit', 'permissions', 'status', 'delete']) {
      expect(await main.getByTestId(`role-${action}-1`).isDisabled(), action).toBe(true);
    }

    await main.getByTestId('role-create').click();
    await main.getByTestId('role-form-dialog').waitFor();
    // Name is required: an empty form is refused in the browser.
    await main.getByTestId('role-form-submit').click();
    await main
      .getByText(translation('zh', 'roles', 'form.nameRequired'))
      .first()
      .waitFor();
    await main.getByTestId('role-form-name').fill(ROLE_NAME);
    await main.getByTestId('role-form-describe').fill('E2E: accounts, add and edit only');
    await main.getByTestId('role-form-submit').click();
    await nextToast(main, translation('zh', 'roles', 'messages.created'));

    const roles = await ok<{ data: RoleRow[] }>('GET', '/api/v1/auth/role', {
      token: mainToken,
      query: { page: 1, limit: 10, name: ROLE_NAME, status: 1 },
    });
    roleId = roles.data.find((r) => r.name === ROLE_NAME)!.id;

    // A new role holds almost nothing: creating it leads straight on to its permissions.
    const dialog = main.getByTestId('role-permission-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(ROLE_NAME);
    await main.getByTestId(`perm-node-${EMPLOYEE_PAGE}`).waitFor();

    // The always-selected ids are ticked and locked.
    for (const id of [250, 254, 255]) {
      expect(await isChecked(main, `perm-node-${id}`), String(id)).toBe(true);
      expect(await main.getByTestId(`perm-node-${id}`).isDisabled(), String(id)).toBe(true);
    }
    // Ticking a page ticks its service (an ancestor) but none of its buttons.
    await main.getByTestId(`perm-node-${EMPLOYEE_PAGE}`).check();
    expect(await isChecked(main, `perm-node-${EMPLOYEE_SERVICE}`)).toBe(true);
    expect(await isChecked(main, `perm-node-${ADD_ACCOUNT}`)).toBe(false);
    // Ticking the service ticks everything below; unticking clears it; 'check all' follows.
    await main.getByTestId(`perm-node-${EMPLOYEE_SERVICE}`).uncheck();
    expect(await isChecked(main, `perm-node-${EMPLOYEE_PAGE}`)).toBe(false);
    await main.getByTestId(`perm-node-${EMPLOYEE_SERVICE}`).check();
    expect(await isChecked(main, `perm-node-${DATA_AUTHORITY}`)).toBe(true);
    expect(await isChecked(main, `perm-all-${EMPLOYEE_SERVICE}`)).toBe(true);
    await main.getByTestId(`perm-node-${DATA_AUTHORITY}`).uncheck();
    expect(await isChecked(main, `perm-all-${EMPLOYEE_SERVICE}`)).toBe(false);
    // Keep only: the accounts page with 'add account' and 'edit account'.
    for (const id of [285, 286, 288]) await main.getByTestId(`perm-node-${id}`).uncheck();
    expect(await isChecked(main, `perm-node-${ADD_ACCOUNT}`)).toBe(true);
    expect(await isChecked(main, `perm-node-${EDIT_ACCOUNT}`)).toBe(true);

    await main.getByTestId('role-permission-save').click();
    await nextToast(main, translation('zh', 'roles', 'messages.permissionsSaved'));
    await dialog.waitFor({ state: 'hidden' });

    const tree = await ok<MenuNode[]>('GET', '/api/v1/auth/role/function/menu', {
      token: mainToken,
      query: { id: roleId },
    });
    const selected = new Set<number>();
    const visit = (n: MenuNode) => {
      if (n.select) selected.add(n.id);
      n.child_list.forEach(visit);
    };
    tree.forEach(visit);
    expect([...selected].sort((a, b) => a - b)).toEqual([1, 250, 254, 255, 259, 261, 283, 284]);
  });

  it('a main account creates an employee with that role and two selected shops', async () => {
    EMPLOYEE = {
      name: `e2e${runSuffix()}`,
      phone: `139${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      password: 'Staff@2026x',
    };
    const shopGroup = await ok<Record<string, { id: number; shop_name: string }[]>>('GET', '/api/v3/shop/group', {
      token: mainToken,
    });
    const allShops = Object.values(shopGroup).flat();
    expect(allShops.length).toBeGreaterThan(4);
    chosenShops = [shopGroup.coupang![0]!, shopGroup.shopee![0]!];

    await openModule(main, 'authorityManagement');
    await main.getByTestId('account-create').click();
    const dialog = main.getByTestId('account-form-dialog');
    await dialog.waitFor();
    await main.getByTestId('account-form-name').fill(EMPLOYEE.name);
    await main.getByTestId('account-form-phone').fill(EMPLOYEE.phone);
    // The password rule of docs/product.md: a letter, a digit and a special character.
    await main.getByTestId('account-form-password').fill('onlyletters');
    await main.getByTestId('account-form-submit').click();
    await dialog.getByText(translation('zh', 'employees', 'form.passwordFormat')).waitFor();
    await main.getByTestId('account-form-password').fill(EMPLOYEE.password);
    await pickOption(main, dialog.locator('.ant-select').nth(1), ROLE_NAME);

    // 'Selected shops' needs at least one shop.
    await main.getByTestId('account-form-shop-type-2').check();
    await main.getByTestId('shop-picker').waitFor();
    await main.getByTestId('account-form-submit').click();
    await dialog.getByText(translation('zh', 'employees', 'form.atLeastOneShop')).waitFor();
    for (const shop of chosenShops) await main.getByTestId(`shop-picker-${shop.id}`).check();
    await main.getByTestId('account-form-submit').click();
    await nextToast(main, translation('zh', 'employees', 'messages.created'));
    await dialog.waitFor({ state: 'hidden' });

    const list = await ok<{ data: AccountRow[] }>('GET', '/api/v1/auth/sub-account', {
      token: mainToken,
      query: { page: 1, limit: 10, user_name: EMPLOYEE.name, status: 1 },
    });
    const row = list.data.find((a) => a.user_name === EMPLOYEE.name)!;
    expect(row.auth_role_id).toBe(roleId);
    employeeId = row.user_id;

    const authority = await ok<AuthorityTree>('GET', '/api/v3/auth/sub-account/data', {
      token: mainToken,
      query: { user_id: employeeId },
    });
    const shops = authority.find((tab) => tab.code === 'shop')!.child_list[0]!.auth_data;
    expect(shops.auth_type).toBe(2);
    expect(shops.auth_value.split(',').map(Number).sort()).toEqual(chosenShops.map((s) => s.id).sort());

    // The new account is in the table with its role and an 'enabled' tag.
    await main.getByTestId('account-search-name').fill(EMPLOYEE.name);
    await main.getByTestId('account-search').click();
    await main.getByTestId(`account-state-${employeeId}`).waitFor();
    const text = await main.getByTestId('account-table').locator('tbody').textContent();
    expect(text).toContain(ROLE_NAME);
    expect(text).toContain(`+86 ${EMPLOYEE.phone}`);
  });

  it('shows both screens and both 1200px dialogs in zh, kr and th', async () => {
    const languages: Language[] = ['zh', 'kr', 'th'];
    for (const language of languages) {
      await openModule(main, 'roleManagement');
      if (language !== 'zh') await chooseLanguage(main, language);
      await main
        .getByText(translation(language, 'roles', 'create'))
        .first()
        .waitFor();
      await settled(main);
      await snap(main, `access-01-roles-${language}`);

      await main.getByTestId(`role-permissions-${roleId}`).click();
      const permissions = main.getByTestId('role-permission-dialog');
      await permissions.waitFor();
      await main.getByTestId(`perm-node-${EMPLOYEE_PAGE}`).waitFor();
      // Once the opening animation is over.
      await expect.poll(async () => (await permissions.boundingBox())?.width).toBe(1200);
      await settled(main);
      await snap(main, `access-02-role-permissions-${language}`);
      await main.getByTestId('perm-tab-2').click();
      await main.getByTestId('perm-pane-2').waitFor();
      await main.waitForTimeout(400); // the tab indicator's slide
      await settled(main);
      await snap(main, `access-03-role-permissions-erp-${language}`);
      await main.keyboard.press('Escape');
      await permissions.waitFor({ state: 'hidden' });

      await openModule(main, 'authorityManagement');
      await main
        .getByText(translation(language, 'employees', 'create'))
        .first()
        .waitFor();
      await settled(main);
      await snap(main, `access-04-employees-${language}`);

      await main.getByTestId(`account-data-${employeeId}`).click();
      const data = main.getByTestId('data-authority-dialog');
      await data.waitFor();
      await main.getByTestId('data-area-11').waitFor();
      await expect.poll(async () => (await data.boundingBox())?.width).toBe(1200);
      await settled(main);
      await snap(main, `access-05-data-authority-${language}`);
      await main.getByTestId('data-tab-product').click();
      await main.getByTestId('data-area-13').waitFor();
      await main.waitForTimeout(400);
      await settled(main);
      await snap(main, `access-06-data-authority-product-${language}`);
      await main.keyboard.press('Escape');
      await data.waitFor({ state: 'hidden' });
    }
    await chooseLanguage(main, 'zh');
  });

  it('the employee signs in and meets only the modules, buttons and shops it was given', async () => {
    employeeContext = await newContext();
    employee = await employeeContext.newPage();
    await employee.goto('/login');
    await loginWithAccount(employee, EMPLOYEE.name, EMPLOYEE.password);
    await onPath(employee, '/home');
    await employee.getByTestId('module-menu').waitFor();

    employeeToken = (await employeeContext.cookies(baseURL())).find((c) => c.name === 'token')!.value;
    const menu = await ok<{ button_list: string[] }>('GET', '/api/v3/user/function/menu', { token: employeeToken });
    expect(menu.button_list.sort()).toEqual(['255', '283', '284']);

    // Modules: the personal centre (always granted) and authority management, nothing else.
    await employee.goto('/home?active=authorityManagement');
    await personalCentreReady(employee);
    await employee.getByTestId('authority-management').waitFor();
    for (const key of ['personalCenter', 'authorityManagement']) {
      expect(await employee.getByTestId(`nav-${key}`).count(), key).toBe(1);
    }
    for (const key of ['serviceUpgrade', 'myCoupon', 'roleManagement', 'myBill', 'earnMoney', 'distributor']) {
      expect(await employee.getByTestId(`nav-${key}`).count(), key).toBe(0);
    }
    expect(await employee.getByTestId('nav-group-billManagement').count()).toBe(0);
    // A module it was not given cannot be opened by its address either.
    await employee.goto('/home?active=roleManagement');
    await employee.getByTestId('module-menu').waitFor();
    await employee.waitForTimeout(300);
    expect(await employee.getByTestId('role-management').count()).toBe(0);

    await openModule(employee, 'authorityManagement');
    await employee.getByTestId('account-search-name').fill(EMPLOYEE.name);
    await employee.getByTestId('account-search').click();
    await employee.getByTestId(`account-state-${employeeId}`).waitFor();

    // A granted button acts: 'add account' opens the form, whose shop picker holds exactly its two shops.
    await employee.getByTestId('account-create').click();
    const form = employee.getByTestId('account-form-dialog');
    await form.waitFor();
    await employee.getByTestId('account-form-shop-type-2').check();
    const picker = employee.getByTestId('shop-picker');
    await picker.waitFor();
    const items = picker.locator('input[type="checkbox"][data-testid^="shop-picker-"]:not([data-testid*="-group-"])');
    expect(await items.count()).toBe(2);
    const pickerText = (await picker.textContent()) ?? '';
    for (const shop of chosenShops) expect(pickerText).toContain(shop.shop_name);
    await settled(employee);
    await snap(employee, 'access-07-employee-shop-picker-zh');
    await employee.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    // Its own row offers nothing: nobody changes their own account here.
    expect(await employee.getByTestId(`account-edit-${employeeId}`).isDisabled()).toBe(true);

    // A button it was not given stays visible, but a click only says so.
    await employee.getByTestId('account-reset').click();
    const other = (
      await ok<{ data: AccountRow[] }>('GET', '/api/v1/auth/sub-account', {
        token: employeeToken,
        query: { page: 1, limit: 10, status: 1 },
      })
    ).data.find((a) => a.auth_role_id !== 1 && a.user_id !== employeeId)!;
    const noPermission = translation('zh', 'errors', 'noPermission');
    await employee.getByTestId(`account-data-${other.user_id}`).click();
    await nextToast(employee, noPermission);
    await employee.waitForTimeout(400); // the toast's entrance
    await settled(employee);
    await snap(employee, 'access-08-employee-no-permission-zh');
    expect(await employee.getByTestId('data-authority-dialog').count()).toBe(0);
    await employee.getByTestId(`account-status-${other.user_id}`).click();
    expect(await employee.locator('.ant-modal-confirm').count()).toBe(0);
    // 'edit account' was given: it acts.
    await employee.getByTestId(`account-edit-${other.user_id}`).click();
    await employee.getByTestId('account-form-dialog').waitFor();
    await employee.keyboard.press('Escape');
  });

  it('disabling an employee refuses its open session at once', async () => {
    // An employee of the same role of its own, signed in on a page of its own: a second attempt of
    // this test starts again from an active employee, not from the one the first one disabled.
    const staff = { name: `off${runSuffix()}`, password: 'Staff@2026x' };
    await ok('POST', '/api/v1/auth/sub-account', {
      token: mainToken,
      body: {
        user_name: staff.name,
        area: '86',
        phone_number: uniquePhone(),
        password: staff.password,
        auth_role_id: roleId,
        shop_auth: { auth_type: 1 },
        warehouse_auth: { auth_type: 1 },
      },
    });
    const staffList = await ok<{ data: AccountRow[] }>('GET', '/api/v1/auth/sub-account', {
      token: mainToken,
      query: { page: 1, limit: 10, user_name: staff.name, status: 1 },
    });
    const staffId = staffList.data.find((a) => a.user_name === staff.name)!.user_id;
    const staffContext = await newContext();
    await useToken(staffContext, (await signInByApi(staff.name, staff.password)).authorization);
    const staffPage = await staffContext.newPage();
    try {
      await openModule(staffPage, 'authorityManagement');

      await openModule(main, 'authorityManagement');
      await main.getByTestId('account-search-name').fill(staff.name);
      await main.getByTestId('account-search').click();
      await main.getByTestId(`account-status-${staffId}`).click();
      await main.locator('.ant-modal-confirm').waitFor();
      // The server's answer, which the page's three-second toast only repeats: under load a run
      // could miss the toast, and then said nothing of whether the account had been disabled.
      const answered = main.waitForResponse(
        (res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === '/api/v1/auth/sub-account/status',
      );
      await main.getByTestId('confirm-ok').click();
      expect(await (await answered).json()).toMatchObject({ code: 200 });

      // The open page's next call is a 401: the session ends and the browser is back at login.
      await staffPage.getByTestId('account-show-disabled').click();
      await onPath(staffPage, '/login');
      // ...and the login page says why, in the server's words.
      await staffPage.getByTestId('login-notice').waitFor();
      expect(await staffPage.getByTestId('login-notice').textContent()).toMatch(/已被禁用/);
      // Signing in again would bring the employee back to the list it was on.
      expect(new URL(staffPage.url()).searchParams.get('redirect')).toContain('active=authorityManagement');
      const token = (await staffContext.cookies(baseURL())).find((c) => c.name === 'token')?.value;
      expect(token).toBeUndefined();

      // Nor can it sign in again.
      const again = await call('POST', '/api/v2/user/login/account', {
        body: { account_name: staff.name, password: staff.password, long_time: 0, system: 1 },
      });
      expect(again.body.code).not.toBe(200);

      // The main account sees it under 'show disabled', with the 'disabled' tag.
      await main.getByTestId('account-show-disabled').click();
      await main.getByTestId(`account-state-${staffId}`).waitFor();
      expect(await main.getByTestId(`account-state-${staffId}`).textContent()).toBe(
        translation('zh', 'employees', 'status.disabled'),
      );
    } finally {
      await staffContext.close();
    }
  });
});
