import type { TOpsCreditApplication, TOpsPaymentNote } from '@seller-centre/contract/warehouse-ops';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Input, Modal, Select, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { ProofImage } from '../../../shared/proof-image.tsx';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import {
  CREDIT_QUEUE_LIST,
  creditQueueQuery,
  decideCredit,
  decideNote,
  fetchOpsProof,
  NOTE_QUEUE_LIST,
  noteQueueQuery,
  WAREHOUSE_MONEY_KEY,
} from './money-api.ts';
import { isProposed } from '../../../shared/ops/ops-api.ts';

const NOTE_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'cyan', 3: 'blue', 4: 'error', 5: 'success' };
const CREDIT_COLOURS: Record<number, string> = { 0: 'default', 2: 'processing', 3: 'success', 4: 'warning', 5: 'error' };

/** The cloud warehouse bill's review queues: offline top-ups (with proof images) and credit lines. */
export default function WarehouseMoneyPage() {
  const { t } = useTranslation();
  // The tab is in the URL with each queue's own page and filters, so a reload shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'credit' ? 'credit' : 'notes';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        setSearchParams((previous) => {
          const next = new URLSearchParams(previous);
          if (key === 'credit') next.set('tab', key);
          else next.delete('tab');
          return next;
        })
      }
      items={[
        { key: 'notes', label: t('ops-warehouse-money.notes.tab'), children: <NoteQueue /> },
        { key: 'credit', label: t('ops-warehouse-money.credit.tab'), children: <CreditQueue /> },
      ]}
      data-testid="ops-warehouse-money"
    />
  );
}

/** A queue's filters: its status (none = the queue's open items) and a tenant id. */
function Filters<S extends number>({
  status,
  tenantId,
  onChange,
  statuses,
  openLabel,
}: {
  status: S | undefined;
  tenantId: string;
  onChange: (patch: { status?: S | undefined; tenant_id?: string }) => void;
  statuses: { value: S; label: string }[];
  openLabel: string;
}) {
  const { t } = useTranslation();
  const [tenant, setTenant] = useState(tenantId);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        style={{ width: 180 }}
        value={status ?? 'open'}
        aria-label={t('ops-warehouse-money.status')}
        onChange={(value: S | 'open') => onChange({ status: value === 'open' ? undefined : value })}
        options={[{ value: 'open' as const, label: openLabel }, ...statuses]}
      />
      <Input.Search
        value={tenant}
        onChange={(e) => setTenant(e.target.value.replace(/\D/g, ''))}
        onSearch={(value) => onChange({ tenant_id: value.trim() })}
        placeholder={t('ops-warehouse-money.tenant')}
        aria-label={t('ops-warehouse-money.tenant')}
        enterButton={t('ops-warehouse-money.search')}
        allowClear
        style={{ width: 240 }}
      />
    </Space>
  );
}

function NoteQueue() {
  const { t } = useTranslation();
  const list = useServerList({ ...NOTE_QUEUE_LIST, query: noteQueueQuery });
  const [open, setOpen] = useState<TOpsPaymentNote>();
  const statusTag = (s: number) => (
    <Tag color={NOTE_COLOURS[s]} bordered={false} data-testid="ops-note-status">
      {t(`ops-warehouse-money.notes.status.${s}`)}
    </Tag>
  );
  const columns: DataColumn<TOpsPaymentNote>[] = [
    {
      title: t('ops-warehouse-money.notes.reference'),
      dataIndex: 'reference_no',
      width: 190,
      render: (code: string, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)} data-testid="ops-note-open">
          {code}
        </Button>
      ),
    },
    { title: t('ops-warehouse-money.tenant'), key: 'tenant', width: 150, render: (_, n) => `${n.tenant_name} #${n.tenant_id}` },
    { title: t('ops-warehouse-money.provider'), dataIndex: 'provider_name', width: 160, ellipsis: true },
    { title: t('ops-warehouse-money.notes.method'), dataIndex: 'pm_title', width: 110 },
    { title: t('ops-warehouse-money.notes.transactionNo'), dataIndex: 'transaction_no', width: 200, ellipsis: true },
    {
      title: t('ops-warehouse-money.notes.amount'),
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, n) => `${n.pn_amount} ${n.pn_currency_code}`,
    },
    { title: t('ops-warehouse-money.status'), dataIndex: 'pn_status', width: 100, render: (s: number) => statusTag(s) },
    { title: t('ops-warehouse-money.notes.addedAt'), dataIndex: 'pn_add_time', width: 170 },
  ];
  return (
    <>
      <Filters
        status={list.filters.status}
        tenantId={list.filters.tenant_id}
        onChange={list.setFilters}
        openLabel={t('ops-warehouse-money.notes.open')}
        statuses={([-1, 1, 2, 3, 4, 5, 0] as const).map((value) => ({
          value,
          label: value === -1 ? t('ops-warehouse-money.all') : t(`ops-warehouse-money.notes.status.${value}`),
        }))}
      />
      <ServerTable<TOpsPaymentNote>
        list={list}
        rowKey="pn_id"
        size="middle"
        columns={columns}
        scroll={{ x: 1200 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops-warehouse-money.notes.tab')}
        data-testid="ops-note-table"
      />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(undefined)}
        width={760}
        title={t('ops-warehouse-money.notes.detail', { code: open?.reference_no ?? '' })}
        destroyOnHidden
      >
        {open ? <NoteDetail note={open} statusTag={statusTag} onDecided={setOpen} /> : null}
      </Drawer>
    </>
  );
}

function NoteDetail({
  note,
  statusTag,
  onDecided,
}: {
  note: TOpsPaymentNote;
  statusTag: (s: number) => React.ReactNode;
  onDecided: (note: TOpsPaymentNote) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  // Every role reads the notes; deciding one moves money.
  const decides = useOpsCan()('money');
  const [reason, setReason] = useState('');
  const [arrival, setArrival] = useState(note.pn_currency_code === 'CNY' ? note.pn_amount : '');
  const [busy, setBusy] = useState<string>();
  const run = async (action: 'confirm' | 'review' | 'reject' | 'complete') => {
    setBusy(action);
    try {
      const body =
        action === 'reject'
          ? { action, pn_desc: reason }
          : action === 'complete'
            ? { action, ...(arrival.trim() ? { arrival_amount: arrival.trim() } : {}) }
            : { action };
      const next = await decideNote(note.pn_id, body);
      if (isProposed(next)) void message.info(t('ops-proposals.sent', { id: next.proposal.id }));
      else {
        void message.success(t('ops-warehouse-money.done'));
        onDecided(next);
      }
      void client.invalidateQueries({ queryKey: WAREHOUSE_MONEY_KEY });
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(undefined);
    }
  };
  const s = note.pn_status;
  return (
    <div data-testid="ops-note-detail" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'tenant', label: t('ops-warehouse-money.tenant'), children: `${note.tenant_name} #${note.tenant_id}` },
          { key: 'status', label: t('ops-warehouse-money.status'), children: statusTag(s) },
          { key: 'provider', label: t('ops-warehouse-money.provider'), children: note.provider_name },
          { key: 'method', label: t('ops-warehouse-money.notes.method'), children: note.pm_title },
          { key: 'account', label: t('ops-warehouse-money.notes.account'), children: `${note.ba_bankname} ${note.ba_code}` },
          { key: 'transaction', label: t('ops-warehouse-money.notes.transactionNo'), children: note.transaction_no },
          { key: 'date', label: t('ops-warehouse-money.notes.date'), children: note.transaction_date.slice(0, 10) },
          { key: 'amount', label: t('ops-warehouse-money.notes.amount'), children: `${note.pn_amount} ${note.pn_currency_code}` },
          { key: 'user', label: t('ops-warehouse-money.notes.user'), children: note.user_code },
          { key: 'added', label: t('ops-warehouse-money.notes.addedAt'), children: note.pn_add_time },
          { key: 'note', label: t('ops-warehouse-money.notes.note'), children: note.pn_note || '-', span: 2 },
          { key: 'desc', label: t('ops-warehouse-money.notes.desc'), children: note.pn_desc || '-', span: 2 },
        ]}
      />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }} data-testid="ops-note-proofs">
        {note.attacheds.map((url, i) => (
          <ProofImage key={url} url={url} alt={t('ops-warehouse-money.notes.proof', { index: i + 1 })} load={fetchOpsProof} />
        ))}
      </div>
      {decides && (s === 1 || s === 2 || s === 3) ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {s === 1 ? (
              <Button type="primary" loading={busy === 'confirm'} onClick={() => void run('confirm')} data-testid="ops-note-confirm">
                {t('ops-warehouse-money.notes.confirm')}
              </Button>
            ) : null}
            {s === 2 ? (
              <Button loading={busy === 'review'} onClick={() => void run('review')} data-testid="ops-note-review">
                {t('ops-warehouse-money.notes.review')}
              </Button>
            ) : null}
            {s === 2 || s === 3 ? (
              <>
                <Input
                  style={{ width: 200 }}
                  value={arrival}
                  onChange={(e) => setArrival(e.target.value)}
                  addonBefore={t('ops-warehouse-money.notes.arrival')}
                  suffix="CNY"
                  aria-label={t('ops-warehouse-money.notes.arrival')}
                  data-testid="ops-note-arrival"
                />
                <Button type="primary" loading={busy === 'complete'} onClick={() => void run('complete')} data-testid="ops-note-complete">
                  {t('ops-warehouse-money.notes.complete')}
                </Button>
              </>
            ) : null}
          </Space>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('ops-warehouse-money.notes.reason')}
              aria-label={t('ops-warehouse-money.notes.reason')}
              data-testid="ops-note-reason"
            />
            <Button danger loading={busy === 'reject'} disabled={!reason.trim()} onClick={() => void run('reject')} data-testid="ops-note-reject">
              {t('ops-warehouse-money.notes.reject')}
            </Button>
          </Space.Compact>
        </Space>
      ) : null}
    </div>
  );
}

function CreditQueue() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useServerList({ ...CREDIT_QUEUE_LIST, query: creditQueueQuery });
  const [deciding, setDeciding] = useState<{ row: TOpsCreditApplication; action: 'approve' | 'reject' }>();
  const decides = useOpsCan()('money');
  const [note, setNote] = useState('');
  const submit = async () => {
    if (!deciding) return;
    try {
      const decided = await decideCredit(deciding.row.acl_code, { action: deciding.action, acl_note: note.trim() });
      if (isProposed(decided)) void message.info(t('ops-proposals.sent', { id: decided.proposal.id }));
      else void message.success(t('ops-warehouse-money.done'));
      setDeciding(undefined);
      setNote('');
      void client.invalidateQueries({ queryKey: WAREHOUSE_MONEY_KEY });
    } catch {
      // Shown by the API client.
    }
  };
  const columns: DataColumn<TOpsCreditApplication>[] = [
    { title: t('ops-warehouse-money.credit.code'), dataIndex: 'acl_code', width: 190 },
    { title: t('ops-warehouse-money.tenant'), key: 'tenant', width: 150, render: (_, a) => `${a.tenant_name} #${a.tenant_id}` },
    { title: t('ops-warehouse-money.provider'), dataIndex: 'provider_name', width: 150, ellipsis: true },
    { title: t('ops-warehouse-money.credit.current'), dataIndex: 'current_credit_line', width: 110, align: 'right' },
    { title: t('ops-warehouse-money.credit.applied'), dataIndex: 'acl_apply_credit', width: 110, align: 'right' },
    { title: t('ops-warehouse-money.credit.reason'), dataIndex: 'acl_reason', ellipsis: true },
    { title: t('ops-warehouse-money.credit.effective'), dataIndex: 'effective_time', width: 170 },
    {
      title: t('ops-warehouse-money.status'),
      dataIndex: 'acl_status',
      width: 100,
      render: (s: number) => (
        <Tag color={CREDIT_COLOURS[s]} bordered={false} data-testid="ops-credit-status">
          {t(`ops-warehouse-money.credit.status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('ops-warehouse-money.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) =>
        row.acl_status === 2 && decides ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDeciding({ row, action: 'approve' })} data-testid="ops-credit-approve">
              {t('ops-warehouse-money.credit.approve')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setDeciding({ row, action: 'reject' })} data-testid="ops-credit-reject">
              {t('ops-warehouse-money.credit.reject')}
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <>
      <Filters
        status={list.filters.status}
        tenantId={list.filters.tenant_id}
        onChange={list.setFilters}
        openLabel={t('ops-warehouse-money.credit.status.2')}
        statuses={([1, 3, 4, 5, 0] as const).map((value) => ({
          value,
          label: value === 1 ? t('ops-warehouse-money.all') : t(`ops-warehouse-money.credit.status.${value}`),
        }))}
      />
      <ServerTable<TOpsCreditApplication>
        list={list}
        rowKey="acl_code"
        size="middle"
        columns={columns}
        scroll={{ x: 1300 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops-warehouse-money.credit.tab')}
        data-testid="ops-credit-table"
      />
      <Modal
        open={Boolean(deciding)}
        title={deciding ? t(`ops-warehouse-money.credit.${deciding.action}Title`, { code: deciding.row.acl_code }) : ''}
        onCancel={() => setDeciding(undefined)}
        onOk={() => void submit()}
        okButtonProps={{ danger: deciding?.action === 'reject' }}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('ops-warehouse-money.credit.note')}
          aria-label={t('ops-warehouse-money.credit.note')}
          data-testid="ops-credit-note"
        />
      </Modal>
    </>
  );
}
