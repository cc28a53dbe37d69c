import { USE_TYPE_VALUES, type TOpsCoupon } from '@seller-centre/contract/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { createCoupon, issueCouponCopy, opsCouponKeys } from './api.ts';
import { tenantRefOf, type TenantFields } from '../../../shared/ops/tenants-api.ts';
import { TenantField } from '../../../shared/ops/tenant-field.tsx';

const YUAN = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

type CreateFields = TenantFields & {
  title: string;
  use_type: 1 | 2 | 3;
  use_type_value?: number;
  discount_type: 1 | 2 | 3;
  discount_value: string;
  min_basket_price?: string;
  expiration_time: Dayjs;
  system_type: 1 | 2;
};

const inAMonth = () => dayjs().add(30, 'day').endOf('day');
const notPast = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

/** Creates a coupon with the operator's terms and gives it to one tenant. */
export function CreateCouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateFields>();
  const queryClient = useQueryClient();
  const useType = Form.useWatch('use_type', form);
  const discountType = Form.useWatch('discount_type', form);
  const create = useMutation({
    mutationFn: (fields: CreateFields) =>
      createCoupon({
        ...tenantRefOf(fields),
        title: fields.title.trim(),
        use_type: fields.use_type,
        use_type_value: fields.use_type === 2 ? (fields.use_type_value ?? null) : null,
        discount_type: fields.discount_type,
        discount_value: fields.discount_value.trim(),
        min_basket_price: fields.discount_type === 2 ? fields.min_basket_price?.trim() : undefined,
        expiration_time: fields.expiration_time.toISOString(),
        system_type: fields.system_type,
      }),
    onSuccess: (coupon) => {
      notify.success(t('ops.coupons.created', { title: coupon.title, tenant: coupon.tenant_name }));
      void queryClient.invalidateQueries({ queryKey: opsCouponKeys.all });
      form.resetFields();
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('ops.coupons.createTitle')}
      okText={t('ops.coupons.createSubmit')}
      cancelText={t('ops.common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'ops-coupon-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
      width={560}
    >
      <Form<CreateFields>
        form={form}
        layout="vertical"
        onFinish={(fields) => create.mutate(fields)}
        initialValues={{ use_type: 1, discount_type: 1, system_type: 1, expiration_time: inAMonth() }}
        data-testid="ops-coupon-form"
      >
        <TenantField />
        <Form.Item
          name="title"
          label={t('ops.coupons.fields.title')}
          rules={[{ required: true, whitespace: true, message: t('ops.coupons.rules.title') }]}
        >
          <Input maxLength={64} data-testid="ops-coupon-title" />
        </Form.Item>
        <Form.Item name="use_type" label={t('ops.coupons.fields.useType')}>
          <Radio.Group>
            {[1, 2, 3].map((v) => (
              <Radio key={v} value={v}>
                {t(`coupons.useType.${v}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {useType === 2 ? (
          <Form.Item
            name="use_type_value"
            label={t('ops.coupons.fields.useTypeValue')}
            rules={[{ required: true, message: t('ops.coupons.rules.useTypeValue') }]}
          >
            <Select
              options={USE_TYPE_VALUES.map((v) => ({ value: v, label: t(`coupons.useTypeValue.${v}`) }))}
              data-testid="ops-coupon-use-type-value"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="discount_type" label={t('ops.coupons.fields.discountType')}>
          <Radio.Group data-testid="ops-coupon-discount-type">
            {[1, 2, 3].map((v) => (
              <Radio key={v} value={v}>
                {t(`ops.coupons.discountTypes.${v}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="discount_value"
          label={discountType === 3 ? t('ops.coupons.fields.rate') : t('ops.coupons.fields.amount')}
          extra={discountType === 3 ? t('ops.coupons.rateHint') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('ops.coupons.rules.amount') },
            { pattern: YUAN, message: t('ops.coupons.rules.amount') },
          ]}
        >
          <Input inputMode="decimal" maxLength={13} data-testid="ops-coupon-value" />
        </Form.Item>
        {discountType === 2 ? (
          <Form.Item
            name="min_basket_price"
            label={t('ops.coupons.fields.threshold')}
            rules={[
              { required: true, whitespace: true, message: t('ops.coupons.rules.amount') },
              { pattern: YUAN, message: t('ops.coupons.rules.amount') },
            ]}
          >
            <Input inputMode="decimal" maxLength={13} data-testid="ops-coupon-threshold" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="expiration_time"
          label={t('ops.coupons.fields.expiry')}
          rules={[{ required: true, message: t('ops.coupons.rules.expiry') }]}
        >
          <DatePicker showTime disabledDate={notPast} style={{ width: '100%' }} data-testid="ops-coupon-expiry" />
        </Form.Item>
        <Form.Item name="system_type" label={t('ops.coupons.fields.system')}>
          <Radio.Group>
            <Radio value={1}>{t('coupons.system.erp')}</Radio>
            <Radio value={2}>{t('coupons.system.selection')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Gives another tenant a coupon on the same terms as an existing one. */
export function IssueCopyDialog({ coupon, onClose }: { coupon: TOpsCoupon | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TenantFields>();
  const queryClient = useQueryClient();
  const issue = useMutation({
    mutationFn: (fields: TenantFields) => issueCouponCopy(coupon!.id, tenantRefOf(fields)),
    onSuccess: (copy) => {
      notify.success(t('ops.coupons.created', { title: copy.title, tenant: copy.tenant_name }));
      void queryClient.invalidateQueries({ queryKey: opsCouponKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      open={Boolean(coupon)}
      title={t('ops.coupons.issueTitle', { title: coupon?.title ?? '' })}
      okText={t('ops.coupons.issueSubmit')}
      cancelText={t('ops.common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={issue.isPending}
      destroyOnHidden
    >
      <Form<TenantFields> form={form} layout="vertical" onFinish={(fields) => issue.mutate(fields)}>
        <TenantField />
      </Form>
    </Modal>
  );
}
