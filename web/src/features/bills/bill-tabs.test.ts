import type { TFunctionMenu } from '@seller-centre/contract/permissions';
import { describe, expect, it } from 'vitest';
import { permittedBillTabs, resolveBillTab } from './bill-tabs.ts';

const menu = (pages: number[], verify = true): TFunctionMenu => ({
  button_list: [],
  menu_list: ['262'],
  module_list: ['262'],
  page_list: pages.map(String),
  menu_verify: verify,
});

describe('My bill tabs', () => {
  it('shows every tab to a main account (menu verification off) and opens the software bill', () => {
    const tabs = permittedBillTabs(menu([], false));
    expect(tabs).toEqual(['SOFTBILL', 'DUDUCTION', 'CLOUDBILL']);
    expect(resolveBillTab(null, tabs)).toBe('SOFTBILL');
  });

  it('hides the tabs a role lacks and opens the first one it has, in the order 268, 269, 270', () => {
    const tabs = permittedBillTabs(menu([269, 270]));
    expect(tabs).toEqual(['DUDUCTION', 'CLOUDBILL']);
    expect(resolveBillTab(null, tabs)).toBe('DUDUCTION');
    expect(permittedBillTabs(menu([270]))).toEqual(['CLOUDBILL']);
  });

  it('follows a link to a permitted tab but not to a hidden one', () => {
    const tabs = permittedBillTabs(menu([268, 269]));
    expect(resolveBillTab('DUDUCTION', tabs)).toBe('DUDUCTION');
    expect(resolveBillTab('CLOUDBILL', tabs)).toBe('SOFTBILL');
    expect(resolveBillTab('nonsense', tabs)).toBe('SOFTBILL');
    expect(resolveBillTab('SOFTBILL', [])).toBeUndefined();
    expect(permittedBillTabs(undefined)).toEqual([]);
  });
});
