import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Tag,
  Typography,
} from 'antd';
import type { TCreditApplication } from '@seller-centre/contract/warehouse';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyForCredit, creditApplicationsQuery, deleteCredit, voidCredit, WH_MONEY_KEY } from './money-api.ts';
import { canDeleteCredit, canVoidCredit, CREDIT_FILTERS, CREDIT_PAGE_SIZE, isAmount } from './money-rules.ts';
import styles from './money.module.css';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { ServerTable } from '../../shared/list/server-table.tsx';
import { dialogList } from '../../shared/list/use-server-list.ts';
import { dayRangeInstants, fromPickerValue, toPickerValue } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';

type Props = {
  open: boolean;
  wwsId: number;
  providerName: string;
  /** The line in force now (yuan), as the balance panel shows it. */
  currentLine: string | undefined;
  onClose: () => void;
  /** After a change the balance panel reloads (a voided application changes no line, but the list does). */
  onChanged: () => void;
};

const STATUS_COLOR: Record<number, string> = { 0: 'default', 2: 'processing', 3: 'success', 4: 'warning', 5: 'error' };

type ApplyValues = { creditLine?: string; note?: string; effectiveTime?: Dayjs };

/**
 * Credit-limit management (docs/product.md): the account's applications (10 a page,
 * status filter where 1 is all) with void at 2 and delete at 0, and the application form
 * (adjusted line, reason, an effective time later than now).
 */
export function CreditLineDialog({ open, wwsId, providerName, currentLine, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number>(1);
  const [applying, setApplying] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ApplyValues>();
  // The filters the list call takes (docs/product.md): time type and range, applicant, code, channel.
  const [timeType, setTimeType] = useState<1 | 2>(1);
  const [range, setRange] = useState<DateRange>(null);
  const [applyName, setApplyName] = useState('');
  const [code, setCode] = useState('');
  const [channel, setChannel] = useState<0 | 1 | 2>(0);
  const instants = dayRangeInstants(range);
  const params = {
    page,
    pageSize: CREDIT_PAGE_SIZE,
    status,
    channel,
    ...(instants ? { time_type: timeType, dateFor: instants.start, dateTo: instants.end } : {}),
    ...(applyName.trim() ? { applyName: applyName.trim() } : {}),
    ...(code.trim() ? { code: code.trim() } : {}),
  } as const;
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const list = useQuery({ ...creditApplicationsQuery(wwsId, params), enabled: open });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: [...WH_MONEY_KEY, wwsId, 'credit'] });
    onChanged();
  };

  const confirmThen = (title: string, run: () => Promise<unknown>, done: string) => {
    modal.confirm({
      title,
      okText: t('warehouse-money.confirm'),
      cancelText: t('warehouse-money.cancel'),
      onOk: async () => {
        await run();
        void message.success(done);
        refresh();
      },
    });
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await applyForCredit(wwsId, {
        creditLine: values.creditLine!.trim(),
        note: values.note!.trim(),
        effectiveTime: values.effectiveTime!.format('YYYY-MM-DD HH:mm:ss'),
      });
      void message.success(t('warehouse-money.done'));
      form.resetFields();
      setApplying(false);
      setPage(1);
      refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  const money = (value: string) => <span className={styles.amount}>{value}</span>;
  const columns: DataColumn<TCreditApplication>[] = [
    { title: t('warehouse-money.credit.columns.code'), dataIndex: 'acl_code', width: 170 },
    {
      title: t('warehouse-money.credit.columns.orgValue'),
      dataIndex: 'acl_org_value',
      width: 110,
      align: 'right',
      render: (value: string) => money(value),
    },
    {
      title: t('warehouse-money.credit.columns.applyCredit'),
      dataIndex: 'acl_apply_credit',
      width: 110,
      align: 'right',
      render: (value: string) => money(value),
    },
    { title: t('warehouse-money.credit.columns.reason'), dataIndex: 'acl_reason', ellipsis: true },
    {
      title: t('warehouse-money.credit.columns.status'),
      dataIndex: 'acl_status',
      width: 100,
      render: (value: number) => (
        <Tag color={STATUS_COLOR[value] ?? 'default'} bordered={false} data-testid="credit-status">
          {t(`warehouse-money.credit.status.${value}`, { defaultValue: String(value) })}
        </Tag>
      ),
    },
    { title: t('warehouse-money.credit.columns.effective'), dataIndex: 'effective_time', width: 160 },
    { title: t('warehouse-money.credit.columns.applicant'), dataIndex: 'applicant_name', width: 110 },
    { title: t('warehouse-money.credit.columns.appliedAt'), dataIndex: 'acl_applicant_time', width: 160 },
    {
      title: t('warehouse-money.credit.columns.verifiedAt'),
      dataIndex: 'acl_verify_time',
      width: 160,
      render: (value: string) => value || '-',
    },
    {
      title: t('warehouse-money.credit.columns.updatedAt'),
      dataIndex: 'acl_update_time',
      width: 160,
      render: (value: string) => value || '-',
    },
    {
      title: t('warehouse-money.credit.columns.note'),
      dataIndex: 'acl_note',
      ellipsis: true,
      render: (value: string, row) => value || (row.acl_verify_time ? '' : '-'),
    },
    {
      title: t('warehouse-money.credit.columns.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) =>
        canVoidCredit(row.acl_status) ? (
          <Button
            type="link"
            size="small"
            onClick={() =>
              confirmThen(
                t('warehouse-money.credit.voidConfirm'),
                () => voidCredit(wwsId, row.acl_code),
                t('warehouse-money.voided'),
              )
            }
            data-testid="credit-void"
          >
            {t('warehouse-money.credit.void')}
          </Button>
        ) : canDeleteCredit(row.acl_status) ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirmThen(
                t('warehouse-money.credit.deleteConfirm'),
                () => deleteCredit(wwsId, row.acl_code),
                t('warehouse-money.deleted'),
              )
            }
            data-testid="credit-delete"
          >
            {t('warehouse-money.credit.delete')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Modal
      open={open}
      title={t('warehouse-money.credit.title')}
      onCancel={onClose}
      footer={null}
      width={1080}
      destroyOnHidden
    >
      <div className={styles.dialogBody} data-testid="credit-dialog">
        <div className={styles.toolbar}>
          <Typography.Text type="secondary">{t('warehouse-money.provider', { name: providerName })}</Typography.Text>
          <Typography.Text data-testid="credit-current">
            {t('warehouse-money.credit.current', { amount: currentLine ?? '-' })}
          </Typography.Text>
          <span className={styles.grow} />
          <Select
            className={styles.filter}
            value={status}
            aria-label={t('warehouse-money.credit.columns.status')}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={CREDIT_FILTERS.map((value) => ({
              value,
              label: value === 1 ? t('warehouse-money.all') : t(`warehouse-money.credit.status.${value}`),
            }))}
            data-testid="credit-filter"
          />
          <Select
            className={styles.filter}
            value={channel}
            aria-label={t('warehouse-money.credit.filters.channel')}
            onChange={filtered(setChannel)}
            options={([0, 1, 2] as const).map((value) => ({
              value,
              label: t(`warehouse-money.credit.channel.${value}`),
            }))}
            data-testid="credit-channel"
          />
          <Select
            className={styles.filter}
            value={timeType}
            aria-label={t('warehouse-money.credit.filters.timeType')}
            onChange={filtered(setTimeType)}
            options={[
              { value: 1, label: t('warehouse-money.credit.columns.appliedAt') },
              { value: 2, label: t('warehouse-money.credit.columns.verifiedAt') },
            ]}
            data-testid="credit-time-type"
          />
          <DatePicker.RangePicker
            value={toPickerValue(range)}
            onChange={(value) => filtered(setRange)(fromPickerValue(value))}
            aria-label={t('warehouse-money.credit.filters.range')}
            data-testid="credit-range"
          />
          <Input.Search
            className={styles.filter}
            allowClear
            placeholder={t('warehouse-money.credit.columns.applicant')}
            aria-label={t('warehouse-money.credit.columns.applicant')}
            onSearch={filtered(setApplyName)}
            data-testid="credit-applicant"
          />
          <Input.Search
            className={styles.filter}
            allowClear
            placeholder={t('warehouse-money.credit.columns.code')}
            aria-label={t('warehouse-money.credit.columns.code')}
            onSearch={filtered(setCode)}
            data-testid="credit-code"
          />
          <Button type="primary" onClick={() => setApplying(true)} data-testid="credit-apply">
            {t('warehouse-money.credit.apply')}
          </Button>
        </div>
        <ServerTable<TCreditApplication>
          list={dialogList(list, { page, pageSize: CREDIT_PAGE_SIZE, setPage })}
          rowKey="acl_code"
          size="middle"
          columns={columns}
          scroll={{ x: 1300 }}
          emptyText={<span className={styles.emptyText}>{t('warehouse-money.empty')}</span>}
          caption={t('warehouse-money.credit.title')}
          data-testid="credit-table"
        />
      </div>
      <Modal
        open={applying}
        title={t('warehouse-money.credit.applyTitle')}
        onCancel={() => setApplying(false)}
        onOk={() => void submit()}
        okText={t('warehouse-money.credit.submit')}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="credit-form">
          <Form.Item
            name="creditLine"
            label={t('warehouse-money.credit.form.creditLine')}
            extra={t('warehouse-money.credit.form.creditLineHint', { amount: currentLine ?? '-' })}
            rules={[
              { required: true, message: t('warehouse-money.credit.errors.creditLine') },
              {
                validator: (_, value: string | undefined) =>
                  !value || isAmount(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('warehouse-money.offline.errors.amountMin'))),
              },
            ]}
          >
            <Input
              inputMode="decimal"
              maxLength={14}
              suffix={t('warehouse-money.yuan')}
              data-testid="credit-line-input"
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('warehouse-money.credit.form.reason')}
            rules={[{ required: true, whitespace: true, message: t('warehouse-money.credit.errors.reason') }]}
          >
            <Input.TextArea maxLength={500} rows={3} data-testid="credit-reason" />
          </Form.Item>
          <Form.Item
            name="effectiveTime"
            label={t('warehouse-money.credit.form.effectiveTime')}
            rules={[
              { required: true, message: t('warehouse-money.credit.errors.effectiveTime') },
              {
                validator: (_, value: Dayjs | undefined) =>
                  !value || value.isAfter(dayjs())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('warehouse-money.credit.errors.effectivePast'))),
              },
            ]}
          >
            <DatePicker
              showTime
              className={styles.grow}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              data-testid="credit-effective"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
