import { fenToYuanString, isYuan, yuanToFen } from '@seller-centre/contract/money';
import type { TOrderDetail, TOrderSummary } from '@seller-centre/contract/orders';
import { OPS_ORDER_STATES } from '@seller-centre/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Select, Space, Tag, Timeline } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { LocalTable, ServerTable } from '../../../shared/list/server-table.tsx';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { isProposed, OPS_QUERY_KEY } from '../../../shared/ops/ops-api.ts';
import { OPS_ORDER_LIST, opsOrderListQuery, opsOrderQuery, refundOrder } from './orders-api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';

const STATE_COLOURS: Record<string, string> = {
  unpaid: 'processing',
  paid: 'success',
  expired: 'default',
  cancelled: 'warning',
};

/** Every tenant's orders; `?order=<code>` opens one with its notifications and state changes. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...OPS_ORDER_LIST, query: (state) => opsOrderListQuery(state, language) });
  const [codeDraft, setCodeDraft] = useState(list.filters.order_code);
  const [tenantDraft, setTenantDraft] = useState(list.filters.tenant_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('order') ?? undefined;
  const setOpen = (code: string | undefined) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (code) next.set('order', code);
      else next.delete('order');
      return next;
    });

  const stateTag = (state: string, order?: Pick<TOrderSummary, 'refund_state' | 'refunded'>) => (
    <>
      <Tag color={STATE_COLOURS[state]} bordered={false}>
        {t(`ops.orders.states.${state}`)}
      </Tag>
      {order && order.refund_state !== 'none' ? (
        <Tag color="magenta" bordered={false} data-testid="ops-order-refund-state">
          {t('ops.orders.refundTagged', {
            state: t(`ops.orders.refundStates.${order.refund_state}`),
            amount: order.refunded,
          })}
        </Tag>
      ) : null}
    </>
  );

  const columns: DataColumn<TOrderSummary>[] = [
    {
      title: t('ops.orders.columns.orderCode'),
      dataIndex: 'order_code',
      width: 220,
      render: (code: string) => (
        <Button type="link" size="small" onClick={() => setOpen(code)} data-testid={`ops-order-${code}`}>
          {code}
        </Button>
      ),
    },
    {
      title: t('ops.coupons.columns.tenant'),
      key: 'tenant',
      width: 150,
      render: (_, o) => `${o.user_name} #${o.main_id}`,
    },
    { title: t('ops.coupons.columns.title'), dataIndex: 'title', ellipsis: { showTitle: true } },
    { title: t('ops.orders.columns.amount'), dataIndex: 'amount', width: 120, render: (v: string) => `¥${v}` },
    {
      title: t('ops.coupons.columns.status'),
      dataIndex: 'state',
      width: 190,
      render: (state: string, o) => stateTag(state, o),
    },
    {
      title: t('ops.orders.columns.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          value={codeDraft}
          onChange={(e) => setCodeDraft(e.target.value)}
          onSearch={(value) => list.setFilters({ order_code: value.trim() })}
          placeholder={t('ops.orders.columns.orderCode')}
          aria-label={t('ops.orders.columns.orderCode')}
          enterButton={t('ops.common.search')}
          allowClear
          style={{ width: 280 }}
        />
        <Input.Search
          value={tenantDraft}
          onChange={(e) => setTenantDraft(e.target.value.replace(/\D/g, ''))}
          onSearch={(value) => list.setFilters({ tenant_id: value.trim() })}
          placeholder={t('ops.coupons.filters.tenant')}
          aria-label={t('ops.coupons.filters.tenant')}
          enterButton={t('ops.common.search')}
          allowClear
          style={{ width: 240 }}
        />
        <Select
          value={list.filters.state}
          onChange={(state) => list.setFilters({ state })}
          allowClear
          placeholder={t('ops.coupons.filters.status')}
          aria-label={t('ops.coupons.filters.status')}
          style={{ width: 160 }}
          options={OPS_ORDER_STATES.map((s) => ({ value: s, label: t(`ops.orders.states.${s}`) }))}
        />
      </Space>
      <ServerTable<TOrderSummary>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops.nav.orders')}
        data-testid="ops-order-table"
      />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(undefined)}
        width={720}
        title={t('ops.orders.detailTitle', { code: open ?? '' })}
        destroyOnHidden
      >
        {open ? <OrderDetail code={open} stateTag={stateTag} /> : null}
      </Drawer>
    </>
  );
}

type StateTag = (state: string, order?: Pick<TOrderSummary, 'refund_state' | 'refunded'>) => ReactNode;

function OrderDetail({ code, stateTag }: { code: string; stateTag: StateTag }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const order = useQuery(opsOrderQuery(code, language));
  const [refunding, setRefunding] = useState(false);
  // Every role reads orders; refunding moves money.
  const refunds = useOpsCan()('money');
  const o = order.data;
  if (!o) return null;
  const leftFen = yuanToFen(o.amount) - yuanToFen(o.refunded);
  return (
    <div data-testid="ops-order-detail">
      {refunds && o.state === 'paid' && leftFen > 0 ? (
        <Space style={{ marginBottom: 12 }}>
          <Button danger onClick={() => setRefunding(true)} data-testid="ops-order-refund">
            {t('ops.orders.refund.action')}
          </Button>
        </Space>
      ) : null}
      {refunding ? <RefundDialog order={o} leftFen={leftFen} onClose={() => setRefunding(false)} /> : null}
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'tenant', label: t('ops.coupons.columns.tenant'), children: `${o.user_name} #${o.main_id}` },
          { key: 'state', label: t('ops.coupons.columns.status'), children: stateTag(o.state, o) },
          { key: 'title', label: t('ops.coupons.columns.title'), children: o.title, span: 2 },
          { key: 'original', label: t('ops.orders.columns.original'), children: `¥${o.original_price}` },
          { key: 'discount', label: t('ops.orders.columns.discount'), children: `¥${o.discount}` },
          { key: 'amount', label: t('ops.orders.columns.amount'), children: `¥${o.amount}` },
          { key: 'provider', label: t('ops.orders.columns.provider'), children: o.provider },
          { key: 'created', label: t('ops.orders.columns.createdAt'), children: formatDateTime(o.created_at) },
          { key: 'paid', label: t('ops.orders.columns.paidAt'), children: formatDateTime(o.paid_at) },
        ]}
      />
      <h2 style={{ fontSize: 16, margin: '24px 0 12px' }}>{t('ops.orders.refund.list')}</h2>
      <LocalTable<TOrderDetail['refunds'][number]>
        query={order}
        rows={o.refunds}
        size="middle"
        rowKey="refund_no"
        caption={t('ops.orders.refund.list')}
        data-testid="ops-order-refunds"
        scroll={{ x: 640 }}
        emptyText={t('ops.orders.refund.none')}
        columns={[
          { title: t('ops.orders.refund.columns.refundNo'), dataIndex: 'refund_no', width: 200 },
          {
            title: t('ops.orders.refund.columns.amount'),
            dataIndex: 'amount',
            width: 90,
            render: (v: string) => `¥${v}`,
          },
          {
            title: t('ops.orders.refund.columns.state'),
            dataIndex: 'state',
            width: 90,
            render: (v: string, r) => (
              <Tag color={v === 'succeeded' ? 'success' : 'processing'} bordered={false} title={r.provider_message}>
                {t(`ops.orders.refund.states.${v}`)}
              </Tag>
            ),
          },
          { title: t('ops.orders.refund.columns.reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('ops.orders.refund.columns.refundedAt'),
            dataIndex: 'refunded_at',
            width: 160,
            render: (v: string | null, r) => formatDateTime(v ?? r.created_at),
          },
        ]}
      />
      <h2 style={{ fontSize: 16, margin: '24px 0 12px' }}>{t('ops.orders.history')}</h2>
      <Timeline
        data-testid="ops-order-history"
        items={o.history.map((h) => ({
          children: (
            <span>
              {formatDateTime(h.at)} · {h.from_state ? `${t(`ops.orders.states.${h.from_state}`)} → ` : ''}
              {t(`ops.orders.states.${h.to_state}`)} {h.reason ? `(${h.reason})` : ''}
            </span>
          ),
        }))}
      />
      <h2 style={{ fontSize: 16, margin: '8px 0 12px' }}>{t('ops.orders.notifications')}</h2>
      <LocalTable<TOrderDetail['notifications'][number]>
        query={order}
        rows={o.notifications}
        size="middle"
        rowKey="id"
        caption={t('ops.orders.notifications')}
        data-testid="ops-order-notifications"
        emptyText={t('ops.orders.noNotifications')}
        columns={[
          {
            title: t('ops.orders.columns.receivedAt'),
            dataIndex: 'received_at',
            render: (v: string) => formatDateTime(v),
          },
          { title: t('ops.orders.columns.tradeNo'), dataIndex: 'trade_no', render: (v: string | null) => v ?? '-' },
          {
            title: t('ops.orders.columns.verified'),
            dataIndex: 'verified',
            render: (v: boolean) => (
              <Tag color={v ? 'success' : 'error'} bordered={false}>
                {v ? t('ops.orders.verified') : t('ops.orders.notVerified')}
              </Tag>
            ),
          },
          { title: t('ops.orders.columns.outcome'), dataIndex: 'outcome' },
          { title: t('ops.orders.columns.reason'), dataIndex: 'reason', render: (v: string) => v || '-' },
        ]}
      />
    </div>
  );
}

type RefundFields = { amount: string; reason: string };

/**
 * The refund form: amount (at most what is left to refund) and reason. Its refund key is made
 * once when the form opens, so submitting it twice (a double click, a retry after a timeout)
 * refunds once; a new refund opens a new form.
 */
function RefundDialog({ order, leftFen, onClose }: { order: TOrderDetail; leftFen: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<RefundFields>();
  const [refundKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const left = fenToYuanString(leftFen);
  const submit = async (fields: RefundFields) => {
    setBusy(true);
    try {
      const done = await refundOrder(order.order_code, {
        amount: fields.amount.trim(),
        reason: fields.reason.trim(),
        refund_key: refundKey,
      });
      if (isProposed(done)) void message.info(t('ops-proposals.sent', { id: done.proposal.id }));
      else void message.success(t('ops.orders.refund.done', { amount: done.amount }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    } finally {
      setBusy(false);
      // A refund left pending (refused or unreachable provider) shows in the list too.
      void client.invalidateQueries({ queryKey: OPS_QUERY_KEY });
    }
  };
  return (
    <Modal
      open
      title={t('ops.orders.refund.title', { code: order.order_code })}
      onCancel={onClose}
      okText={t('ops.orders.refund.submit')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'ops-refund-submit' } as never}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p style={{ color: '#5f6b7a' }}>
        {t('ops.orders.refund.refundable', { amount: left, paid: order.amount, refunded: order.refunded })}
      </p>
      <Form<RefundFields> form={form} layout="vertical" onFinish={submit} initialValues={{ amount: left, reason: '' }}>
        <Form.Item
          name="amount"
          label={t('ops.orders.refund.amount')}
          rules={[
            {
              validator: async (_, value: string) => {
                const text = (value ?? '').trim();
                const fen = isYuan(text) ? yuanToFen(text) : 0;
                if (fen <= 0 || fen > leftFen) throw new Error(t('ops.orders.refund.amountRequired', { max: left }));
              },
            },
          ]}
        >
          <Input inputMode="decimal" prefix="¥" data-testid="ops-refund-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('ops.orders.refund.reason')}
          rules={[{ required: true, whitespace: true, max: 500, message: t('ops.orders.refund.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="ops-refund-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
