/**
 * Service upgrade's tabs (docs/product.md "Service upgrade"): package ordering (1), value-added
 * services (2) and third-party top-up (3), chosen by `?tab=` so that other pages can link to one
 * (the third-party bill's 'recharge to platform' opens tab 3).
 */

export type UpgradeTab = '1' | '2' | '3';
export const UPGRADE_TABS: readonly UpgradeTab[] = ['1', '2', '3'];
export const UPGRADE_TAB_PARAM = 'tab';

export function resolveUpgradeTab(requested: string | null): UpgradeTab {
  return UPGRADE_TABS.find((tab) => tab === requested) ?? '1';
}
