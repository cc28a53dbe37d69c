import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  CATALOGUE_INDEX,
  canUse,
  descendantsOf,
  GRANTABLE_PERMISSION_IDS,
  indexPermissionTree,
  isAllChosen,
  LOCKED_PERMISSION_IDS,
  normalizePermissionSelection,
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  setAllPermissions,
  tickPermission,
  toFunctionMenu,
  type TCatalogueNode,
  type TTreeLike,
} from './permissions.ts';

const index = CATALOGUE_INDEX;
const allIds = [...index.ids];
const unlocked = allIds.filter((id) => !LOCKED_PERMISSION_IDS.includes(id));

const arbId = fc.constantFrom(...allIds);
const arbSelection = fc
  .uniqueArray(arbId, { maxLength: allIds.length })
  .map((ids) => normalizePermissionSelection(index, ids));

function isClosedUpward(selected: ReadonlySet<number>): boolean {
  return [...selected].every((id) => ancestorsOf(index, id).every((a) => selected.has(a)));
}

function nodesOf(kind: string): number[] {
  return allIds.filter((id) => index.kind.get(id) === kind);
}

describe('the catalogue', () => {
  it('carries every id the specs name, at the level they name', () => {
    for (const id of [268, 269, 270]) expect(index.kind.get(id)).toBe('page');
    for (const id of [277, 278, 279, 280, 281, 283, 284, 285, 286, 288]) expect(index.kind.get(id)).toBe('button');
    for (const id of LOCKED_PERMISSION_IDS) expect(index.ids.has(id)).toBe(true);
    expect(index.kind.get(250)).toBe('service');
    expect(index.kind.get(254)).toBe('page');
    expect(index.kind.get(255)).toBe('button');
  });

  it('nests tabs > services > pages > buttons, with the one extra group level under tab 2', () => {
    const visit = (node: TCatalogueNode, parentKind: TCatalogueNode['kind'] | null, underTab: number) => {
      if (parentKind === null) expect(node.kind).toBe('tab');
      else if (node.kind === 'group') {
        expect(parentKind).toBe('tab');
        expect(underTab).toBe(2);
      } else if (node.kind === 'service') expect(parentKind).toBe(underTab === 2 ? 'group' : 'tab');
      else if (node.kind === 'page') expect(parentKind).toBe('service');
      else if (node.kind === 'button') expect(parentKind).toBe('page');
      for (const child of node.child_list) visit(child, node.kind, parentKind === null ? node.id : underTab);
    };
    for (const tab of PERMISSION_CATALOGUE) visit(tab, null, tab.id);
    expect(PERMISSION_CATALOGUE.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('names every node in zh, kr and th', () => {
    const visit = (node: TCatalogueNode) => {
      expect(node.name.zh && node.name.kr && node.name.th).toBeTruthy();
      node.child_list.forEach(visit);
    };
    PERMISSION_CATALOGUE.forEach(visit);
  });

  it('refuses a tree with an id twice', () => {
    const tree: TTreeLike[] = [{ id: 1, kind: 'tab', child_list: [{ id: 1, kind: 'service' }] }];
    expect(() => indexPermissionTree(tree)).toThrow(/twice/);
  });

  it('keeps the distributor module out of what a role may carry', () => {
    expect(GRANTABLE_PERMISSION_IDS.has(PERMISSIONS.distributor.module)).toBe(false);
    expect(GRANTABLE_PERMISSION_IDS.has(PERMISSIONS.distributor.page)).toBe(false);
    expect(GRANTABLE_PERMISSION_IDS.has(PERMISSIONS.role.create)).toBe(true);
  });

  it('exposes the constants with the ids of the specs', () => {
    expect(PERMISSIONS.role).toMatchObject({
      create: 277,
      edit: 278,
      setPermissions: 279,
      toggleStatus: 280,
      delete: 281,
    });
    expect(PERMISSIONS.employee).toMatchObject({
      create: 283,
      edit: 284,
      dataAuthority: 285,
      toggleStatus: 286,
      changePassword: 288,
    });
    expect(PERMISSIONS.bill).toMatchObject({ softwareFee: 268, softwareDeduction: 269, cloud: 270 });
  });
});

describe('tree rules (docs/product.md)', () => {
  it('ticking a service ticks all its descendants and its ancestors', () => {
    fc.assert(
      fc.property(
        arbSelection,
        fc.constantFrom(...nodesOf('service'), ...nodesOf('group'), ...nodesOf('tab')),
        (selected, id) => {
          const next = tickPermission(index, selected, id, true);
          expect(next.has(id)).toBe(true);
          for (const d of descendantsOf(index, id)) expect(next.has(d)).toBe(true);
          for (const a of ancestorsOf(index, id)) expect(next.has(a)).toBe(true);
        },
      ),
    );
  });

  it('ticking a page or button ticks its ancestors and nothing below it', () => {
    fc.assert(
      fc.property(arbSelection, fc.constantFrom(...nodesOf('page'), ...nodesOf('button')), (selected, id) => {
        const next = tickPermission(index, selected, id, true);
        expect(next.has(id)).toBe(true);
        for (const a of ancestorsOf(index, id)) expect(next.has(a)).toBe(true);
        for (const d of descendantsOf(index, id)) expect(next.has(d)).toBe(selected.has(d));
      }),
    );
  });

  it('unticking clears the node and all its descendants, except the locked ones', () => {
    fc.assert(
      fc.property(arbSelection, arbId, (selected, id) => {
        const next = tickPermission(index, selected, id, false);
        for (const d of [id, ...descendantsOf(index, id)]) {
          const lockedBelow = LOCKED_PERMISSION_IDS.some((l) => l === d || ancestorsOf(index, l).includes(d));
          expect(next.has(d)).toBe(lockedBelow);
        }
      }),
    );
  });

  it('never touches nodes outside the clicked branch and its ancestors', () => {
    fc.assert(
      fc.property(arbSelection, arbId, fc.boolean(), (selected, id, checked) => {
        const next = tickPermission(index, selected, id, checked);
        const branch = new Set([id, ...descendantsOf(index, id), ...ancestorsOf(index, id)]);
        for (const other of allIds) {
          if (branch.has(other)) continue;
          const lockedPath = LOCKED_PERMISSION_IDS.some((l) => l === other || ancestorsOf(index, l).includes(other));
          if (!lockedPath) expect(next.has(other)).toBe(selected.has(other));
        }
      }),
    );
  });

  it('keeps every result canonical: known ids, locked ids in, closed upward', () => {
    fc.assert(
      fc.property(
        arbSelection,
        fc.array(fc.tuple(arbId, fc.boolean(), fc.boolean()), { maxLength: 20 }),
        (start, clicks) => {
          let selected: Set<number> = start;
          for (const [id, checked, viaCheckAll] of clicks) {
            selected = viaCheckAll
              ? setAllPermissions(index, selected, id, checked)
              : tickPermission(index, selected, id, checked);
            for (const l of LOCKED_PERMISSION_IDS) expect(selected.has(l)).toBe(true);
            for (const s of selected) expect(index.ids.has(s)).toBe(true);
            expect(isClosedUpward(selected)).toBe(true);
            expect(normalizePermissionSelection(index, selected)).toEqual(selected);
          }
        },
      ),
    );
  });

  it('ticking then unticking an unlocked leaf that was not ticked changes nothing else', () => {
    const leaves = unlocked.filter((id) => descendantsOf(index, id).length === 0);
    fc.assert(
      fc.property(arbSelection, fc.constantFrom(...leaves), (selected, leaf) => {
        fc.pre(!selected.has(leaf) && ancestorsOf(index, leaf).every((a) => selected.has(a)));
        const round = tickPermission(index, tickPermission(index, selected, leaf, true), leaf, false);
        expect(round).toEqual(selected);
      }),
    );
  });

  it("'check all' follows whether every child is ticked", () => {
    fc.assert(
      fc.property(arbSelection, arbId, (selected, id) => {
        const below = descendantsOf(index, id);
        expect(isAllChosen(index, selected, id)).toBe(below.length > 0 && below.every((d) => selected.has(d)));
        if (below.length) {
          expect(isAllChosen(index, setAllPermissions(index, selected, id, true), id)).toBe(true);
          const cleared = setAllPermissions(index, selected, id, false);
          const lockedBelow = below.some((d) => LOCKED_PERMISSION_IDS.includes(d));
          if (!lockedBelow) expect(isAllChosen(index, cleared, id)).toBe(false);
        }
      }),
    );
  });

  it('locks 250, 254 and 255: unticking them is a no-op', () => {
    const start = normalizePermissionSelection(index, []);
    expect([...start].sort((a, b) => a - b)).toEqual([1, 250, 254, 255]);
    for (const id of LOCKED_PERMISSION_IDS) expect(tickPermission(index, start, id, false)).toEqual(start);
    expect(tickPermission(index, start, 1, false)).toEqual(start);
  });

  it('ignores ids the tree does not know', () => {
    expect(normalizePermissionSelection(index, [99_999, -1])).toEqual(normalizePermissionSelection(index, []));
    const start = normalizePermissionSelection(index, [277]);
    expect(tickPermission(index, start, 99_999, true)).toEqual(start);
  });

  it('works on the role function-menu tree the API answers, not only the catalogue', () => {
    const tree: TTreeLike[] = [
      {
        id: 1,
        kind: 'tab',
        child_list: [
          {
            id: 253,
            kind: 'service',
            child_list: [{ id: 260, kind: 'page', child_list: [{ id: 277, kind: 'button' }] }],
          },
        ],
      },
    ];
    const small = indexPermissionTree(tree);
    expect([...tickPermission(small, [], 253, true)].sort()).toEqual([1, 253, 260, 277]);
    expect([...tickPermission(small, [], 277, true)].sort()).toEqual([1, 253, 260, 277]);
    expect([...tickPermission(small, [1, 253, 260, 277], 260, false)].sort()).toEqual([1, 253]);
  });
});

describe('the authority list', () => {
  it('splits grants by level, as strings, with modules merged into page_list', () => {
    const granted = normalizePermissionSelection(index, [277, 268]);
    const menu = toFunctionMenu(index, granted);
    expect(menu.button_list).toEqual(['255', '277']);
    expect(menu.module_list).toEqual(['250', '253', '262']);
    expect(menu.page_list).toEqual(['250', '254', '253', '260', '262', '268']);
    expect(menu.menu_list).toEqual(['1']);
    expect(menu.menu_verify).toBe(true);
    expect(canUse(menu, 277)).toBe(true);
    expect(canUse(menu, 278)).toBe(false);
    expect(canUse({ ...menu, menu_verify: false }, 278)).toBe(true);
    expect(canUse(undefined, 277)).toBe(false);
  });
});
