import type { TFunctionMenu } from '@seller-centre/contract/permissions';
import { describe, expect, it } from 'vitest';
import { BILL_TABS, permittedBillTabs, resolveBillTab } from './bill-tabs.ts';

const menu = (pages: number[], verify = true): TFunctionMenu => ({
  button_list: [],
  menu_list: ['262'],
  module_list: ['262'],
  page_list: pages.map(String),
  menu_verify: verify,
});

describe('My bill tabs', () => {
  it('lists all four tabs, the third-party bill last, and permits every one to a main account', () => {
    expect(BILL_TABS.map((tab) => tab.key)).toEqual(['SOFTBILL', 'DUDUCTION', 'CLOUDBILL', 'THIRDPARTY']);
    const tabs = permittedBillTabs(menu([], false));
    expect(tabs).toEqual(['SOFTBILL', 'DUDUCTION', 'CLOUDBILL', 'THIRDPARTY']);
    expect(resolveBillTab(null, tabs)).toBe('SOFTBILL');
  });

  it('permits the tabs a role has and opens the first one, in the order 268, 269, 270', () => {
    const tabs = permittedBillTabs(menu([269, 270]));
    expect(tabs).toEqual(['DUDUCTION', 'CLOUDBILL', 'THIRDPARTY']);
    expect(resolveBillTab(null, tabs)).toBe('DUDUCTION');
    expect(permittedBillTabs(menu([270]))).toEqual(['CLOUDBILL', 'THIRDPARTY']);
  });

  it('never disables the third-party bill: a role without 270 (or any bill page) still has it', () => {
    expect(permittedBillTabs(menu([268]))).toEqual(['SOFTBILL', 'THIRDPARTY']);
    const none = permittedBillTabs(menu([]));
    expect(none).toEqual(['THIRDPARTY']);
    expect(resolveBillTab('CLOUDBILL', none)).toBe('THIRDPARTY');
  });

  it('follows a link to a permitted tab but not to a disabled one', () => {
    const tabs = permittedBillTabs(menu([268, 269]));
    expect(resolveBillTab('DUDUCTION', tabs)).toBe('DUDUCTION');
    expect(resolveBillTab('THIRDPARTY', tabs)).toBe('THIRDPARTY');
    expect(resolveBillTab('CLOUDBILL', tabs)).toBe('SOFTBILL');
    expect(resolveBillTab('nonsense', tabs)).toBe('SOFTBILL');
    expect(resolveBillTab('SOFTBILL', [])).toBeUndefined();
    expect(permittedBillTabs(undefined)).toEqual([]);
  });
});
