import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Select, Typography, Upload, type ButtonProps, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bankAccountsQuery,
  currenciesQuery,
  paymentMethodsQuery,
  submitPaymentNote,
  uploadProof,
} from './money-api.ts';
import { isAmount, isProofType, MAX_PROOFS } from './money-rules.ts';
import styles from './money.module.css';

/** Today in the product's business time (UTC+08:00), `YYYY-MM-DD`. */
const businessToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

type Props = {
  open: boolean;
  wwsId: number;
  providerName: string;
  onClose: () => void;
  onSubmitted: () => void;
};

type Values = {
  paymentMethod?: string;
  paymentDate?: Dayjs;
  paymentAccount?: number;
  paymentCurrency?: string;
  paymentAmount?: string;
  transactionNo?: string;
  paymentNote?: string;
};

/** An upload in the picture list: uploaded ones carry the server's id. */
type Proof = UploadFile<{ upload_id: string }>;

/**
 * Offline top-up notice (docs/product.md): how and when the tenant paid, to which of
 * the provider's accounts, in which currency, how much, the bank's transaction number, and 1 to
 * 5 proof images (JPEG or PNG, uploaded as they are chosen). Every message of section 5.
 */
export function OfflineTopUpDialog({ open, wwsId, providerName, onClose, onSubmitted }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [proofs, setProofs] = useState<Proof[]>([]);
  const [saving, setSaving] = useState(false);
  const method = Form.useWatch('paymentMethod', form);
  const methods = useQuery({ ...paymentMethodsQuery(wwsId), enabled: open });
  const banks = useQuery({ ...bankAccountsQuery(wwsId, method), enabled: open && Boolean(method) });
  const currencies = useQuery({ ...currenciesQuery(wwsId), enabled: open });

  /** Closing forgets what was typed and chosen: the next notice starts empty. */
  const close = () => {
    form.resetFields();
    setProofs([]);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const uploaded = proofs.filter((p) => p.status === 'done' && p.response?.upload_id);
    if (uploaded.length === 0) {
      void message.warning(t('warehouse-money.offline.needProof'));
      return;
    }
    if (proofs.some((p) => p.status === 'uploading')) {
      void message.warning(t('warehouse-money.offline.uploading'));
      return;
    }
    setSaving(true);
    try {
      await submitPaymentNote(wwsId, {
        paymentMethod: values.paymentMethod!,
        paymentDate: values.paymentDate!.format('YYYY-MM-DD'),
        paymentAccount: values.paymentAccount!,
        paymentCurrency: values.paymentCurrency!,
        paymentAmount: values.paymentAmount!.trim(),
        transactionNo: values.transactionNo!.trim(),
        paymentNote: values.paymentNote?.trim() ?? '',
        attachArr: uploaded.map((p) => p.response!.upload_id),
      });
      void message.success(t('warehouse-money.done'));
      onSubmitted();
      close();
    } catch {
      // The API client has shown the server's message; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('warehouse-money.offline.title')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('warehouse-money.offline.submit')}
      okButtonProps={{ loading: saving, 'data-testid': 'offline-submit' } as ButtonProps}
      width={620}
      destroyOnHidden
      maskClosable={false}
    >
      <div className={styles.dialogBody} data-testid="offline-top-up">
        <Typography.Text type="secondary">{t('warehouse-money.provider', { name: providerName })}</Typography.Text>
        <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} requiredMark>
          <Form.Item
            name="paymentMethod"
            label={t('warehouse-money.offline.method')}
            rules={[{ required: true, message: t('warehouse-money.offline.errors.method') }]}
          >
            <Select
              loading={methods.isLoading}
              options={(methods.data?.data ?? []).map((m) => ({ value: m.pm_code, label: m.pm_title }))}
              onChange={() => form.setFieldValue('paymentAccount', undefined)}
              data-testid="offline-method"
            />
          </Form.Item>
          <Form.Item
            name="paymentDate"
            label={t('warehouse-money.offline.date')}
            rules={[{ required: true, message: t('warehouse-money.offline.errors.date') }]}
          >
            <DatePicker
              className={styles.grow}
              // A transfer is reported after it is made: days after today (business time, as the server reads it) are off.
              disabledDate={(day) => day.format('YYYY-MM-DD') > businessToday()}
              data-testid="offline-date"
            />
          </Form.Item>
          <Form.Item
            name="paymentAccount"
            label={t('warehouse-money.offline.account')}
            rules={[{ required: true, message: t('warehouse-money.offline.errors.account') }]}
          >
            <Select
              loading={banks.isLoading && Boolean(method)}
              disabled={!method}
              options={(banks.data?.data ?? []).map((b) => ({
                value: b.ba_id,
                label: `${b.ba_bankname} ${b.ba_code} (${b.ba_username}, ${b.currency_code})`,
              }))}
              data-testid="offline-account"
            />
          </Form.Item>
          <Form.Item
            name="paymentCurrency"
            label={t('warehouse-money.offline.currency')}
            rules={[{ required: true, message: t('warehouse-money.offline.errors.currency') }]}
          >
            <Select
              loading={currencies.isLoading}
              options={(currencies.data?.currencyList ?? []).map((c) => ({
                value: c.currency_code,
                label: `${c.currency_code} ${c.currency_name}`,
              }))}
              data-testid="offline-currency"
            />
          </Form.Item>
          <Form.Item
            name="paymentAmount"
            label={t('warehouse-money.offline.amount')}
            rules={[
              { required: true, message: t('warehouse-money.offline.errors.amount') },
              {
                validator: (_, value: string | undefined) =>
                  !value || isAmount(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('warehouse-money.offline.errors.amountMin'))),
              },
            ]}
          >
            <Input inputMode="decimal" maxLength={14} data-testid="offline-amount" />
          </Form.Item>
          <Form.Item
            name="transactionNo"
            label={t('warehouse-money.offline.transactionNo')}
            extra={t('warehouse-money.offline.transactionHint')}
            rules={[{ required: true, whitespace: true, message: t('warehouse-money.offline.errors.transactionNo') }]}
          >
            <Input maxLength={64} data-testid="offline-transaction" />
          </Form.Item>
          <Form.Item name="paymentNote" label={t('warehouse-money.offline.note')}>
            <Input.TextArea maxLength={500} rows={2} data-testid="offline-note" />
          </Form.Item>
          <Form.Item label={t('warehouse-money.offline.proofs')} required extra={t('warehouse-money.offline.proofHint')}>
            <Upload<{ upload_id: string }>
              listType="picture-card"
              accept="image/png,image/jpeg"
              multiple
              fileList={proofs}
              beforeUpload={(file, batch) => {
                if (!isProofType(file)) {
                  void message.error(t('warehouse-money.offline.errors.proofType'));
                  return Upload.LIST_IGNORE;
                }
                // The sixth and later files of a choice are dropped, with one message.
                const slot = proofs.length + batch.indexOf(file);
                if (slot >= MAX_PROOFS) {
                  if (slot === MAX_PROOFS) void message.error(t('warehouse-money.offline.errors.proofCount'));
                  return Upload.LIST_IGNORE;
                }
                return true;
              }}
              customRequest={({ file, onSuccess, onError }) => {
                uploadProof(file as File).then(
                  (uploaded) => onSuccess?.({ upload_id: uploaded.upload_id }),
                  (error: Error) => onError?.(error),
                );
              }}
              onChange={({ fileList }) => setProofs(fileList.filter((f) => f.status !== 'error').slice(0, MAX_PROOFS))}
              data-testid="offline-proofs"
            >
              {proofs.length >= MAX_PROOFS ? null : (
                <button type="button" className={styles.uploadButton} aria-label={t('warehouse-money.offline.addProof')}>
                  <PlusOutlined aria-hidden />
                  <div>{t('warehouse-money.offline.addProof')}</div>
                </button>
              )}
            </Upload>
          </Form.Item>
        </Form>
        <Typography.Text className={styles.hint}>{t('warehouse-money.offline.arrival')}</Typography.Text>
      </div>
    </Modal>
  );
}
