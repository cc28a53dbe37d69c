import { lazy, type ComponentType } from 'react';

/**
 * The four actions of the cloud bill (spec 02 section 2.4) and the export download list. Each
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
