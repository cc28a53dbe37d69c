import { uploadPaths } from '@seller-centre/contract/uploads';
import {
  warehousePaths,
  type WmsAnswer,
  type WmsParamsInput,
  type WmsService,
} from '@seller-centre/contract/warehouse';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, LONG_TIMEOUT_MS, type RequestOptions } from '../../shared/api-client.ts';
import { rechargeOutcome } from './money-rules.ts';

/**
 * The warehouse account's money calls (docs/api.md), each one `POST wmsUnit` with the
 * service's own params: online top-up and its state, offline top-up notes, credit-line
 * applications; and the proof images (uploaded first, then named by id).
 */

/** The upload route (platform uploads): multipart, JPEG/PNG by their bytes, 5 MB each. */
export const UPLOAD_PATH = uploadPaths.upload;

export function callWms<S extends WmsService>(
  service: S,
  wwsId: number,
  params: WmsParamsInput<S>,
  options: Pick<RequestOptions, 'signal' | 'silent' | 'timeoutMs'> = {},
): Promise<WmsAnswer<S>> {
  return apiRequest<WmsAnswer<S>>('POST', warehousePaths.wmsUnit, {
    body: { service, wws_id: wwsId, params },
    ...options,
  });
}

/** Every query of these dialogs starts with this key, so a change refreshes them together. */
export const WH_MONEY_KEY = ['warehouse', 'money'] as const;

// ------------------------------------------------------------------ online top-up

export function createRecharge(wwsId: number, amount: string) {
  return callWms('customerRecharge', wwsId, { amount, rechargeType: 'alipay' }, { timeoutMs: LONG_TIMEOUT_MS });
}

/** cpd_status 2: paid. Silent: a failed check is shown by the dialog, not as a toast every 3 s. */
export async function rechargeState(
  wwsId: number,
  orderCode: string,
  signal: AbortSignal,
): Promise<'paid' | 'closed' | 'waiting'> {
  const { cpd_status } = await callWms(
    'getPaymentDetail',
    wwsId,
    { orderCode },
    { signal, silent: true, timeoutMs: LONG_TIMEOUT_MS },
  );
  return rechargeOutcome(cpd_status);
}

// ------------------------------------------------------------------ offline top-up

export const paymentMethodsQuery = (wwsId: number) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'methods'] as const,
    queryFn: ({ signal }) => callWms('getPaymentMethod', wwsId, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const bankAccountsQuery = (wwsId: number, paymentMethod: string | undefined) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'banks', paymentMethod ?? ''] as const,
    queryFn: ({ signal }) => callWms('getBankAccount', wwsId, { paymentMethod: paymentMethod ?? '' }, { signal }),
    enabled: Boolean(paymentMethod),
    staleTime: 5 * 60_000,
  });

export const currenciesQuery = (wwsId: number) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'currencies'] as const,
    queryFn: ({ signal }) => callWms('getCurrency', wwsId, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export type UploadedProof = { upload_id: string; url: string; name: string };

/** Uploads one proof image; the server checks its bytes and size and answers its id. */
export async function uploadProof(file: File, signal?: AbortSignal): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file, file.name);
  const result = await apiRequest<{ files: UploadedProof[] }>('POST', UPLOAD_PATH, {
    query: { max_files: 1 },
    body: form,
    timeoutMs: LONG_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  const first = result.files[0];
  if (!first) throw new Error('upload answered no file');
  return first;
}

export function submitPaymentNote(wwsId: number, params: WmsParamsInput<'submitPayment'>) {
  return callWms('submitPayment', wwsId, params, { timeoutMs: LONG_TIMEOUT_MS });
}

export type NoteListParams = WmsParamsInput<'getPaymentNoteList'>;

export const paymentNotesQuery = (wwsId: number, params: NoteListParams) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'notes', params] as const,
    queryFn: ({ signal }) => callWms('getPaymentNoteList', wwsId, params, { signal }),
  });

export const paymentNoteQuery = (wwsId: number, noteID: number | undefined) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'note', noteID] as const,
    queryFn: ({ signal }) => callWms('getPaymentNoteDetail', wwsId, { noteID: noteID! }, { signal }),
    enabled: noteID !== undefined,
  });

export function discardNotes(wwsId: number, noteIDs: number[]) {
  return callWms('discardPayment', wwsId, { noteIDs });
}

/** A proof image as the signed-in tenant may read it (the token rides in a header, so no bare <img src>). */
export function fetchProofImage(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>('GET', url, { responseType: 'blob', silent: true, ...(signal ? { signal } : {}) });
}

// ------------------------------------------------------------------ credit lines

export type CreditListParams = WmsParamsInput<'getCreditLineList'>;

export const creditApplicationsQuery = (wwsId: number, params: CreditListParams) =>
  queryOptions({
    queryKey: [...WH_MONEY_KEY, wwsId, 'credit', params] as const,
    queryFn: ({ signal }) => callWms('getCreditLineList', wwsId, params, { signal }),
  });

export function applyForCredit(wwsId: number, params: WmsParamsInput<'quotaApply'>) {
  return callWms('quotaApply', wwsId, params);
}

export function voidCredit(wwsId: number, aclCode: string) {
  return callWms('voidApply', wwsId, { acl_code: aclCode });
}

export function deleteCredit(wwsId: number, aclCode: string) {
  return callWms('deleteApply', wwsId, { acl_code: aclCode });
}
