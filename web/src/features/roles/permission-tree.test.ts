import { PERMISSION_CATALOGUE, type TCatalogueNode } from '@seller-centre/contract/permissions';
import type { TRoleMenuNode } from '@seller-centre/contract/roles';
import { describe, expect, it } from 'vitest';
import {
  buildPermissionModel,
  checkAllState,
  countChosen,
  isNodeLocked,
  toFunctionMenuIds,
  toggleAll,
  toggleNode,
} from './permission-tree.ts';

/** The tree the role function-menu call answers, built from the catalogue with some ids granted. */
function roleTree(granted: readonly number[]): TRoleMenuNode[] {
  const convert = (node: TCatalogueNode): TRoleMenuNode => ({
    id: node.id,
    kind: node.kind,
    name: node.name.zh,
    select: granted.includes(node.id) || [250, 254, 255].includes(node.id),
    locked: [250, 254, 255].includes(node.id),
    child_list: node.child_list.map(convert),
  });
  return PERMISSION_CATALOGUE.map(convert);
}

const ROLE_SERVICE = 253;
const ROLE_PAGE = 260;
const ROLE_BUTTONS = [277, 278, 279, 280, 281];
const ERP_TAB = 2;
const ERP_PRODUCTS_GROUP = 300;
const PRODUCT_LIBRARY = 310;
const PRODUCT_LIST_PAGE = 311;
const PRODUCT_DELETE = 314;

describe('buildPermissionModel', () => {
  it('starts from the ids the server marks selected, plus their ancestors and the locked ids', () => {
    const model = buildPermissionModel(roleTree([279]));
    expect([...model.initial].sort((a, b) => a - b)).toEqual([1, 250, 253, 254, 255, 260, 279]);
  });

  it('always holds 250, 254 and 255, even when the server forgot them', () => {
    const tree = roleTree([]);
    tree[0]!.child_list[0]!.select = false;
    expect(buildPermissionModel(tree).initial.has(250)).toBe(true);
  });
});

describe('ticking a node', () => {
  const model = buildPermissionModel(roleTree([]));

  it('ticks every descendant of a service', () => {
    const next = toggleNode(model, model.initial, ROLE_SERVICE, true);
    for (const id of [ROLE_SERVICE, ROLE_PAGE, ...ROLE_BUTTONS]) expect(next.has(id)).toBe(true);
  });

  it('ticks a page or button with its ancestors only', () => {
    const next = toggleNode(model, model.initial, 278, true);
    expect(next.has(278)).toBe(true);
    expect(next.has(ROLE_PAGE)).toBe(true);
    expect(next.has(ROLE_SERVICE)).toBe(true);
    expect(next.has(1)).toBe(true);
    expect(next.has(277)).toBe(false);

    const page = toggleNode(model, model.initial, ROLE_PAGE, true);
    expect(page.has(ROLE_PAGE) && page.has(ROLE_SERVICE)).toBe(true);
    expect(ROLE_BUTTONS.some((id) => page.has(id))).toBe(false);
  });

  it('clears a node and everything below it when unticked', () => {
    const all = toggleNode(model, model.initial, ROLE_SERVICE, true);
    const next = toggleNode(model, all, ROLE_PAGE, false);
    expect(next.has(ROLE_PAGE)).toBe(false);
    expect(ROLE_BUTTONS.some((id) => next.has(id))).toBe(false);
    expect(next.has(ROLE_SERVICE)).toBe(true);
  });

  it('cascades through the extra group level of tab 2', () => {
    const next = toggleNode(model, model.initial, ERP_PRODUCTS_GROUP, true);
    for (const id of [PRODUCT_LIBRARY, PRODUCT_LIST_PAGE, PRODUCT_DELETE, ERP_TAB]) expect(next.has(id)).toBe(true);
    const button = toggleNode(model, model.initial, PRODUCT_DELETE, true);
    for (const id of [PRODUCT_LIST_PAGE, PRODUCT_LIBRARY, ERP_PRODUCTS_GROUP, ERP_TAB]) {
      expect(button.has(id)).toBe(true);
    }
  });

  it('never drops the locked ids, whatever is unticked', () => {
    const next = toggleNode(model, model.initial, 1, false);
    expect([...next].sort((a, b) => a - b)).toEqual([1, 250, 254, 255]);
    expect(toggleNode(model, model.initial, 255, false).has(255)).toBe(true);
  });
});

describe('check all', () => {
  const model = buildPermissionModel(roleTree([]));

  it('follows whether every child is ticked', () => {
    expect(checkAllState(model, model.initial, ROLE_SERVICE)).toMatchObject({ checked: false, indeterminate: false });
    const some = toggleNode(model, model.initial, 277, true);
    expect(checkAllState(model, some, ROLE_SERVICE)).toMatchObject({ checked: false, indeterminate: true });
    const all = toggleAll(model, model.initial, ROLE_SERVICE, true);
    expect(checkAllState(model, all, ROLE_SERVICE)).toMatchObject({ checked: true, indeterminate: false });
  });

  it('a service ticked on its own is not "all chosen" until its pages and buttons are', () => {
    const tree = roleTree([252]);
    // The server may report a service granted without its pages (the demo's coupon module).
    tree[0]!.child_list.find((s) => s.id === 252)!.child_list[0]!.select = false;
    const m = buildPermissionModel(tree);
    expect(m.initial.has(252)).toBe(true);
    expect(checkAllState(m, m.initial, 252).checked).toBe(false);
  });

  it('unticks a whole tab except the locked ids', () => {
    const all = toggleAll(model, model.initial, 1, true);
    expect(checkAllState(model, all, 1).checked).toBe(true);
    const none = toggleAll(model, all, 1, false);
    expect([...none].sort((a, b) => a - b)).toEqual([1, 250, 254, 255]);
  });

  it('is disabled where nothing below can change', () => {
    expect(checkAllState(model, model.initial, 250).disabled).toBe(true);
    expect(checkAllState(model, model.initial, 255).disabled).toBe(true);
    expect(checkAllState(model, model.initial, ROLE_SERVICE).disabled).toBe(false);
  });
});

describe('helpers', () => {
  const model = buildPermissionModel(roleTree([]));

  it('locks 250, 254 and 255', () => {
    expect(isNodeLocked({ id: 250, locked: false })).toBe(true);
    expect(isNodeLocked({ id: 254, locked: false })).toBe(true);
    expect(isNodeLocked({ id: 255, locked: false })).toBe(true);
    expect(isNodeLocked({ id: 253, locked: false })).toBe(false);
    expect(isNodeLocked({ id: 253, locked: true })).toBe(true);
  });

  it('counts the ticked permissions under a tab', () => {
    const next = toggleNode(model, model.initial, ROLE_SERVICE, true);
    const { chosen, total } = countChosen(model, next, 1);
    expect(chosen).toBe(3 + 1 + 1 + ROLE_BUTTONS.length);
    expect(total).toBeGreaterThan(chosen);
  });

  it('saves the ticked ids ascending and comma-joined', () => {
    expect(toFunctionMenuIds(new Set([279, 1, 260, 253]))).toBe('1,253,260,279');
    expect(toFunctionMenuIds(new Set())).toBe('');
  });
});
