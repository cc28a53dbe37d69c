import { canUse, PERMISSIONS, type TFunctionMenu } from '@seller-centre/contract/permissions';

/**
 * The tabs of My bill (docs/product.md, docs/product.md "My bill"): software bill (SOFTBILL),
 * deduction (DUDUCTION), cloud warehouse bill (CLOUDBILL), each gated by its page id, and the
 * third-party bill (THIRDPARTY), which has no page id and is never disabled. Every tab is shown;
 * one the role lacks is disabled. The first permitted tab opens, checked in the order 268, 269,
 * 270, then the third-party bill.
 */

export type BillTabKey = 'SOFTBILL' | 'DUDUCTION' | 'CLOUDBILL' | 'THIRDPARTY';

export const BILL_TABS: readonly { key: BillTabKey; pageId?: number }[] = [
  { key: 'SOFTBILL', pageId: PERMISSIONS.bill.softwareFee },
  { key: 'DUDUCTION', pageId: PERMISSIONS.bill.softwareDeduction },
  { key: 'CLOUDBILL', pageId: PERMISSIONS.bill.cloud },
  { key: 'THIRDPARTY' },
];

/** The URL parameter that names the open tab (`?active=myBill&bill=DUDUCTION`). */
export const BILL_TAB_PARAM = 'bill';

/** The tabs the authority list grants, in the contract's order (none before the list has loaded). */
export function permittedBillTabs(menu: TFunctionMenu | undefined): BillTabKey[] {
  if (!menu) return [];
  return BILL_TABS.filter((tab) => tab.pageId === undefined || canUse(menu, tab.pageId)).map((tab) => tab.key);
}

/** The tab the URL asks for when it is permitted, else the first permitted one (none: undefined). */
export function resolveBillTab(requested: string | null, permitted: readonly BillTabKey[]): BillTabKey | undefined {
  return permitted.find((key) => key === requested) ?? permitted[0];
}
