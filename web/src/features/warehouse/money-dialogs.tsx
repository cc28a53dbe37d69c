import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLanguage } from '../../shared/i18n.ts';
import { providersQuery, wmsQuery } from './api.ts';
import { CreditLineDialog } from './credit-line-dialog.tsx';
import type { WarehouseDialogProps } from './dialogs.ts';
import { OfflineTopUpDialog } from './offline-top-up-dialog.tsx';
import { OnlineTopUpDialog } from './online-top-up-dialog.tsx';
import { PaymentNotesDialog } from './payment-notes-dialog.tsx';

/**
 * The money dialogs in the cloud tab's slots (dialogs.ts): each gets the chosen provider, and
 * tells the tab on closing whether money or a list moved, so the balance and lists reload.
 */

function useProviderName(wwsId: number): string {
  const providers = useQuery(providersQuery());
  return providers.data?.find((p) => p.wws_id === wwsId)?.name ?? '';
}

/** Remembers that something changed while the dialog was open. */
function useChanged() {
  const changed = useRef(false);
  return {
    mark: () => {
      changed.current = true;
    },
    get: () => changed.current,
  };
}

export function OnlineTopUp({ wwsId, open, onClose }: WarehouseDialogProps) {
  const name = useProviderName(wwsId);
  const changed = useChanged();
  return (
    <OnlineTopUpDialog
      open={open}
      wwsId={wwsId}
      providerName={name}
      onPaid={changed.mark}
      onClose={() => onClose(changed.get())}
    />
  );
}

export function OfflineTopUp({ wwsId, open, onClose }: WarehouseDialogProps) {
  const name = useProviderName(wwsId);
  const changed = useChanged();
  return (
    <OfflineTopUpDialog
      open={open}
      wwsId={wwsId}
      providerName={name}
      onSubmitted={changed.mark}
      onClose={() => onClose(changed.get())}
    />
  );
}

export function CreditLines({ wwsId, open, onClose }: WarehouseDialogProps) {
  const name = useProviderName(wwsId);
  const language = useLanguage();
  const balance = useQuery(wmsQuery('getBalance', wwsId, {}, language));
  const changed = useChanged();
  return (
    <CreditLineDialog
      open={open}
      wwsId={wwsId}
      providerName={name}
      currentLine={balance.data?.cb_credit_line}
      onChanged={changed.mark}
      onClose={() => onClose(changed.get())}
    />
  );
}

export function PaymentNotes({ wwsId, open, onClose }: WarehouseDialogProps) {
  const name = useProviderName(wwsId);
  return <PaymentNotesDialog open={open} wwsId={wwsId} providerName={name} onClose={() => onClose(true)} />;
}
