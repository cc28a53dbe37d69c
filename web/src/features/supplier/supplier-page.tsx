import { CHINESE_BANKS, SUPPLIER_STATUS, type TSupplierRegister } from '@seller-centre/contract/supplier';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../shared/components/page-spinner.tsx';
import { notify } from '../../shared/notify.ts';
import { isLocked, registerSupplier, SUPPLIER_QUERY_KEY, supplierInfoQuery } from './api.ts';
import styles from './supplier.module.css';

const FIELDS = ['username', 'bank_name', 'bank_number', 'retailer_name'] as const;

/**
 * The supplier (distributor) application (docs/product.md): username, bank, card number and name. While
 * it waits for review or once approved, the form is read only; a rejection shows the operator's
 * reason in red and lets the seller apply again.
 */
export function SupplierPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery(supplierInfoQuery);
  const [form] = Form.useForm<TSupplierRegister>();
  const submit = useMutation({
    mutationFn: registerSupplier,
    onSuccess: (data) => {
      queryClient.setQueryData(SUPPLIER_QUERY_KEY, data);
      notify.success(t('supplier.submitted'));
    },
  });
  const data = info.data;
  useEffect(() => {
    if (data && data.status !== 0) form.setFieldsValue(data);
  }, [data, form]);
  if (!data) return <PageSpinner />;
  const locked = isLocked(data.status);
  const rejected = data.status === SUPPLIER_STATUS.rejected;

  return (
    <div className={styles.page} data-testid="supplier-page">
      <Typography.Paragraph className={styles.intro} type="secondary">
        {t('supplier.intro')}
      </Typography.Paragraph>
      {data.status !== 0 ? (
        <Alert
          className={styles.status}
          type={rejected ? 'error' : data.status === SUPPLIER_STATUS.approved ? 'success' : 'info'}
          showIcon
          data-testid="supplier-status"
          data-status={data.status}
          message={
            <span className={rejected ? styles.rejected : undefined}>
              {t('supplier.statusLabel')}: {t(`supplier.status.${data.status}`)}
            </span>
          }
          description={
            rejected ? (
              <span className={styles.rejected} data-testid="supplier-reason">
                {t('supplier.reason', { reason: data.reason })}
              </span>
            ) : undefined
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={locked}
        onFinish={(values) => submit.mutate(values)}
        data-testid="supplier-form"
        requiredMark
      >
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`supplier.fields.${field}`)}
            rules={[
              { required: true, whitespace: true, message: t(`supplier.required.${field}`) },
              ...(field === 'bank_number'
                ? [{ pattern: /^[\d\s]{8,40}$/, message: t('supplier.bankNumberFormat') }]
                : []),
            ]}
          >
            {field === 'bank_name' ? (
              <Select
                showSearch
                placeholder={t('supplier.placeholders.bank_name')}
                options={CHINESE_BANKS.map((bank) => ({ value: bank, label: bank }))}
                data-testid="supplier-bank_name"
              />
            ) : (
              <Input
                maxLength={field === 'retailer_name' ? 100 : field === 'bank_number' ? 40 : 50}
                placeholder={t(`supplier.placeholders.${field}`)}
                data-testid={`supplier-${field}`}
              />
            )}
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="supplier-submit">
          {rejected ? t('supplier.resubmit') : t('supplier.submit')}
        </Button>
      </Form>
    </div>
  );
}
