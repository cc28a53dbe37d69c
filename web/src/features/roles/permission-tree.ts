import {
  descendantsOf,
  indexPermissionTree,
  isAllChosen,
  isLockedPermission,
  normalizePermissionSelection,
  setAllPermissions,
  tickPermission,
  type TPermissionTreeIndex,
} from '@seller-centre/contract/permissions';
import type { TRoleMenuNode } from '@seller-centre/contract/roles';

/**
 * The permission settings dialog's state, kept apart from React so it can be tested: the tree
 * the role function-menu call answers, indexed once, and the set of ticked ids. Every change
 * goes through the contract's tree rules (docs/product.md), the same ones the server applies.
 */

export type PermissionModel = {
  index: TPermissionTreeIndex;
  /** The role's grant as the server reported it, in canonical form. */
  initial: ReadonlySet<number>;
};

export function buildPermissionModel(tree: readonly TRoleMenuNode[]): PermissionModel {
  const index = indexPermissionTree(tree);
  const granted: number[] = [];
  const visit = (node: TRoleMenuNode) => {
    if (node.select) granted.push(node.id);
    node.child_list.forEach(visit);
  };
  tree.forEach(visit);
  return { index, initial: normalizePermissionSelection(index, granted) };
}

/** A node's own box (250, 254, 255 cannot be changed: always selected, box disabled). */
export function isNodeLocked(node: Pick<TRoleMenuNode, 'id' | 'locked'>): boolean {
  return node.locked || isLockedPermission(node.id);
}

/** Clicking a node's own box. */
export function toggleNode(
  model: PermissionModel,
  selected: ReadonlySet<number>,
  id: number,
  checked: boolean,
): Set<number> {
  return tickPermission(model.index, selected, id, checked);
}

/** Clicking a node's 'check all' box. */
export function toggleAll(
  model: PermissionModel,
  selected: ReadonlySet<number>,
  id: number,
  checked: boolean,
): Set<number> {
  return setAllPermissions(model.index, selected, id, checked);
}

export type CheckAllState = { checked: boolean; indeterminate: boolean; disabled: boolean };

/**
 * The derived chooseAll of a node: ticked when every descendant is, half-ticked when some are,
 * disabled when nothing below it can change (everything below is locked, or there is nothing).
 */
export function checkAllState(model: PermissionModel, selected: ReadonlySet<number>, id: number): CheckAllState {
  const below = descendantsOf(model.index, id);
  const checked = isAllChosen(model.index, selected, id);
  const some = below.some((d) => selected.has(d));
  const disabled = below.length === 0 || below.every((d) => isLockedPermission(d));
  return { checked, indeterminate: !checked && some, disabled };
}

/** How many of the permissions under a node (itself excluded) are ticked, and of how many. */
export function countChosen(
  model: PermissionModel,
  selected: ReadonlySet<number>,
  id: number,
): { chosen: number; total: number } {
  const below = descendantsOf(model.index, id);
  return { chosen: below.filter((d) => selected.has(d)).length, total: below.length };
}

/** The save call's payload: the ticked ids, ascending, comma-joined (docs/api.md). */
export function toFunctionMenuIds(selected: ReadonlySet<number>): string {
  return [...selected].sort((a, b) => a - b).join(',');
}
