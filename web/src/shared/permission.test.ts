import type { TFunctionMenu } from '@seller-centre/contract/permissions';
import { describe, expect, it } from 'vitest';
import { isPermitted } from './permission.ts';

const menu = (verify: boolean): TFunctionMenu => ({
  button_list: ['277', '255'],
  menu_list: ['1'],
  module_list: ['253'],
  page_list: ['253', '260'],
  menu_verify: verify,
});

describe('isPermitted (the button gate of docs/product.md)', () => {
  it('lets granted buttons act', () => {
    expect(isPermitted(menu(true), 277)).toBe(true);
  });

  it('stops buttons missing from button_list while menu verification is on', () => {
    expect(isPermitted(menu(true), 281)).toBe(false);
  });

  it('lets everything act when menu verification is off', () => {
    expect(isPermitted(menu(false), 281)).toBe(true);
  });

  it('grants nothing before the authority list has loaded', () => {
    expect(isPermitted(undefined, 277)).toBe(false);
  });
});
