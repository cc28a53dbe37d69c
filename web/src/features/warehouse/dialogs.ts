import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { lazy, type ComponentType } from 'react';

/**
 * The four actions of the cloud bill (docs/product.md) and the export download list. Each
 * opens a dialog for the chosen provider; a dialog is registered here by the feature that builds
 * it (top-up, offline notes, credit lines, exports). An action with no dialog yet says so.
 */
export type WarehouseAction = 'onlineTopUp' | 'offlineTopUp' | 'applyCredit' | 'offlineManagement' | 'exportList';

export const WAREHOUSE_ACTIONS: readonly WarehouseAction[] = [
  'onlineTopUp',
  'offlineTopUp',
  'applyCredit',
  'offlineManagement',
];

/** The button id of each action (docs/product.md: 271 to 275); the server checks the same ids. */
export const WAREHOUSE_ACTION_PERMISSIONS: Record<WarehouseAction, number> = {
  onlineTopUp: PERMISSIONS.bill.onlineTopUp,
  offlineTopUp: PERMISSIONS.bill.offlineTopUp,
  applyCredit: PERMISSIONS.bill.applyCredit,
  offlineManagement: PERMISSIONS.bill.offlineTopUpManagement,
  exportList: PERMISSIONS.bill.export,
};

export type WarehouseDialogProps = {
  wwsId: number;
  open: boolean;
  /** `changed`: money or a list moved; the panel and the lists reload. */
  onClose: (changed?: boolean) => void;
};

/** The money dialogs load with the first one opened, not with the tab. */
const money = () => import('./money-dialogs.tsx');

export const WAREHOUSE_DIALOGS: Partial<Record<WarehouseAction, ComponentType<WarehouseDialogProps>>> = {
  onlineTopUp: lazy(() => money().then((m) => ({ default: m.OnlineTopUp }))),
  offlineTopUp: lazy(() => money().then((m) => ({ default: m.OfflineTopUp }))),
  applyCredit: lazy(() => money().then((m) => ({ default: m.CreditLines }))),
  offlineManagement: lazy(() => money().then((m) => ({ default: m.PaymentNotes }))),
  exportList: lazy(() => import('./export-list-dialog.tsx')),
};
