import { canUse, PERMISSIONS, type TFunctionMenu } from '@seller-centre/contract/permissions';

/**
 * The tabs of My bill (spec 03 "My bill"): software bill (SOFTBILL), deduction (DUDUCTION) and
 * cloud warehouse bill (CLOUDBILL), each gated by its page id, checked in the order 268, 269,
 * 270. A tab the role lacks is hidden rather than shown disabled: its call answers 403 anyway.
 */

export type BillTabKey = 'SOFTBILL' | 'DUDUCTION' | 'CLOUDBILL';

export const BILL_TABS: readonly { key: BillTabKey; pageId: number }[] = [
  { key: 'SOFTBILL', pageId: PERMISSIONS.bill.softwareFee },
  { key: 'DUDUCTION', pageId: PERMISSIONS.bill.softwareDeduction },
  { key: 'CLOUDBILL', pageId: PERMISSIONS.bill.cloud },
];

/** The URL parameter that names the open tab (`?active=myBill&bill=DUDUCTION`). */
export const BILL_TAB_PARAM = 'bill';

/** The tabs the authority list grants, in the spec's order (none before the list has loaded). */
export function permittedBillTabs(menu: TFunctionMenu | undefined): BillTabKey[] {
  return BILL_TABS.filter((tab) => canUse(menu, tab.pageId)).map((tab) => tab.key);
}

/** The tab the URL asks for when it is permitted, else the first permitted one (none: undefined). */
export function resolveBillTab(requested: string | null, permitted: readonly BillTabKey[]): BillTabKey | undefined {
  return permitted.find((key) => key === requested) ?? permitted[0];
}
