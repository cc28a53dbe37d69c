import { CHINESE_BANKS } from '@seller-centre/contract/supplier';
import type { TBankInfo, TWithdrawalRow } from '@seller-centre/contract/distribution';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Descriptions, Empty, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../shared/notify.ts';
import {
  applyWithdrawal,
  bankInfoQuery,
  DISTRIBUTION_QUERY_ROOT,
  exceeds,
  fetchVoucher,
  saveBankInfo,
  YUAN_INPUT,
} from './api.ts';
import styles from './distribution.module.css';

type BankFields = { user_name: string; bank_name: string; bank_number: string };

function BankFormItems() {
  const { t } = useTranslation();
  const label = (field: keyof BankFields) => t(`distribution.infoDialog.${field}`);
  const required = (field: keyof BankFields) => ({
    required: true,
    whitespace: true,
    message: t('distribution.infoDialog.required', { field: label(field) }),
  });
  return (
    <>
      <Form.Item name="user_name" label={label('user_name')} rules={[required('user_name')]}>
        <Input maxLength={50} data-testid="bank-user_name" />
      </Form.Item>
      <Form.Item name="bank_name" label={label('bank_name')} rules={[required('bank_name')]}>
        <Select
          showSearch
          options={CHINESE_BANKS.map((bank) => ({ value: bank, label: bank }))}
          data-testid="bank-bank_name"
        />
      </Form.Item>
      <Form.Item
        name="bank_number"
        label={label('bank_number')}
        rules={[required('bank_number'), { pattern: /^[\d\s]{8,40}$/, message: t('supplier.bankNumberFormat') }]}
      >
        <Input maxLength={40} data-testid="bank-bank_number" />
      </Form.Item>
    </>
  );
}

/** Apply for a withdrawal: amount above 0, two decimals, not above the balance; the bank prefilled. */
export function ApplyWithdrawalDialog({
  open,
  balance,
  onClose,
}: {
  open: boolean;
  balance: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery({ ...bankInfoQuery, enabled: open });
  const [form] = Form.useForm<BankFields & { transaction_money: string }>();
  useEffect(() => {
    if (open && info.data) form.setFieldsValue(info.data);
  }, [open, info.data, form]);
  const apply = useMutation({
    mutationFn: applyWithdrawal,
    onSuccess: async () => {
      notify.success(t('distribution.success'));
      await queryClient.invalidateQueries({ queryKey: DISTRIBUTION_QUERY_ROOT });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('distribution.applyDialog.title')}
      okText={t('distribution.ok')}
      cancelText={t('distribution.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={apply.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'apply-submit' } as Record<string, string>}
    >
      <Typography.Paragraph type="secondary" data-testid="apply-available">
        {t('distribution.applyDialog.available', { amount: balance })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => apply.mutate({ ...values, transaction_money: values.transaction_money.trim() })}
        data-testid="apply-form"
      >
        <Form.Item
          name="transaction_money"
          label={t('distribution.applyDialog.amount')}
          rules={[
            { required: true, whitespace: true, message: t('distribution.applyDialog.amountRequired') },
            {
              validator: async (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!text) return;
                if (!YUAN_INPUT.test(text)) throw new Error(t('distribution.applyDialog.twoDecimals'));
                if (Number(text) <= 0) throw new Error(t('distribution.applyDialog.amountAboveZero'));
                if (exceeds(text, balance)) throw new Error(t('distribution.applyDialog.amountAboveBalance'));
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" maxLength={14} data-testid="apply-amount" />
        </Form.Item>
        <BankFormItems />
      </Form>
    </Modal>
  );
}

/** Edit the withdrawal bank info; the checkbox also saves it as the base bank card info. */
export function EditBankInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery({ ...bankInfoQuery, enabled: open });
  const [form] = Form.useForm<BankFields & { checked: boolean }>();
  useEffect(() => {
    if (open && info.data) form.setFieldsValue({ ...info.data, checked: false });
  }, [open, info.data, form]);
  const save = useMutation({
    mutationFn: saveBankInfo,
    onSuccess: async (data: TBankInfo, variables) => {
      notify.success(variables.checked ? t('distribution.infoDialog.synced') : t('distribution.success'));
      queryClient.setQueryData(bankInfoQuery.queryKey, data);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('distribution.infoDialog.title')}
      okText={t('distribution.ok')}
      cancelText={t('distribution.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'bank-info-submit' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} data-testid="bank-info-form">
        <BankFormItems />
        <Form.Item name="checked" valuePropName="checked">
          <Checkbox data-testid="bank-info-checked">{t('distribution.infoDialog.checked')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Voucher({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    fetchVoucher(url, controller.signal)
      .then((made) => {
        objectUrl = made;
        setSrc(made);
      })
      .catch(() => setFailed(true));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <Empty description={t('distribution.audit.noVoucher')} />;
  if (!src) return <Spin />;
  return <img className={styles.voucher} src={src} alt={t('distribution.audit.voucher')} data-testid="audit-voucher" />;
}

/** What the operator decided: the remark and the payment voucher image. */
export function AuditContentDialog({ row, onClose }: { row: TWithdrawalRow | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(row)}
      title={t('distribution.audit.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="audit-dialog"
    >
      {row ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('distribution.columns.status')}>
            {t(`distribution.status.${row.status}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('distribution.audit.remark')}>
            <span data-testid="audit-remark">{row.remark || t('distribution.audit.noRemark')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('distribution.audit.voucher')}>
            {row.image_url ? <Voucher url={row.image_url} /> : t('distribution.audit.noVoucher')}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
