import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Input,
  Modal,
  Select,
  Tabs,
  Tag,
} from 'antd';
import type { TPaymentNote } from '@seller-centre/contract/warehouse';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  discardNotes,
  fetchProofImage,
  paymentMethodsQuery,
  paymentNoteQuery,
  paymentNotesQuery,
  WH_MONEY_KEY,
  type NoteListParams,
} from './money-api.ts';
import { discardCheck, NOTE_PAGE_SIZE, NOTE_TABS, showsDiscard, type NoteTab } from './money-rules.ts';
import styles from './money.module.css';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { ServerTable } from '../../shared/list/server-table.tsx';
import { dialogList } from '../../shared/list/use-server-list.ts';
import { ProofImage } from '../../shared/proof-image.tsx';

type Props = {
  open: boolean;
  wwsId: number;
  providerName: string;
  onClose: () => void;
};

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'cyan',
  3: 'blue',
  4: 'error',
  5: 'success',
};

type Filters = {
  paymentCode?: string;
  searchType: 1 | 2;
  searchCode: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

const loadProof = (url: string, signal: AbortSignal) => fetchProofImage(url, signal);

/**
 * Offline top-up management (docs/product.md): the account's payment notes by
 * status tab (all, pending review, reviewed, rejected, completed, voided), 20 a page, with
 * method, number and date filters; a note's detail with its proof images; discarding chosen
 * notes, which the tabs of confirmed (2) and completed (5) notes do not offer.
 */
export function PaymentNotesDialog({ open, wwsId, providerName, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [tab, setTab] = useState<NoteTab>(-1);
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>({ searchType: 1, searchCode: '' });
  const [filters, setFilters] = useState<Filters>({ searchType: 1, searchCode: '' });
  const [selected, setSelected] = useState<TPaymentNote[]>([]);
  const [detailId, setDetailId] = useState<number>();
  const methods = useQuery({ ...paymentMethodsQuery(wwsId), enabled: open });

  const params: NoteListParams = {
    page,
    pageSize: NOTE_PAGE_SIZE,
    pnStatus: tab,
    paymentCode: filters.paymentCode ?? '',
    searchType: filters.searchType,
    searchCode: filters.searchCode,
    startDate: filters.range?.[0]?.format('YYYY-MM-DD') ?? '',
    endDate: filters.range?.[1]?.format('YYYY-MM-DD') ?? '',
  };
  const list = useQuery({ ...paymentNotesQuery(wwsId, params), enabled: open });
  const detail = useQuery({ ...paymentNoteQuery(wwsId, detailId), enabled: open && detailId !== undefined });

  const discard = () => {
    const check = discardCheck(selected.map((n) => n.pn_status));
    if (check === 'none') {
      void message.warning(t('warehouse-money.notes.selectFirst'));
      return;
    }
    if (check === 'forbidden') {
      void message.warning(t('warehouse-money.notes.notDiscardable'));
      return;
    }
    modal.confirm({
      title: t('warehouse-money.notes.discardConfirm', { count: selected.length }),
      okText: t('warehouse-money.confirm'),
      cancelText: t('warehouse-money.cancel'),
      onOk: async () => {
        await discardNotes(
          wwsId,
          selected.map((n) => n.pn_id),
        );
        void message.success(t('warehouse-money.voided'));
        setSelected([]);
        void client.invalidateQueries({ queryKey: [...WH_MONEY_KEY, wwsId, 'notes'] });
      },
    });
  };

  const statusTag = (value: number) => (
    <Tag color={STATUS_COLOR[value] ?? 'default'} bordered={false} data-testid="note-status">
      {t(`warehouse-money.notes.status.${value}`, { defaultValue: String(value) })}
    </Tag>
  );
  // The tabs that offer discarding have a first column of check boxes: the notes to discard, and
  // all of the page's at once.
  const pageRows = list.data?.data ?? [];
  const isSelected = (row: TPaymentNote) => selected.some((n) => n.pn_id === row.pn_id);
  const chosenOnPage = pageRows.filter(isSelected).length;
  const selectColumn: DataColumn<TPaymentNote> = {
    key: 'select',
    width: 48,
    title: (
      <Checkbox
        checked={pageRows.length > 0 && chosenOnPage === pageRows.length}
        indeterminate={chosenOnPage > 0 && chosenOnPage < pageRows.length}
        disabled={pageRows.length === 0}
        onChange={(e) =>
          setSelected((current) => [
            ...current.filter((n) => !pageRows.some((r) => r.pn_id === n.pn_id)),
            ...(e.target.checked ? pageRows : []),
          ])
        }
        aria-label={t('warehouse-money.notes.selectAll')}
        data-testid="notes-select-all"
      />
    ),
    render: (_, row) => (
      <Checkbox
        checked={isSelected(row)}
        onChange={(e) =>
          setSelected((current) =>
            e.target.checked ? [...current, row] : current.filter((n) => n.pn_id !== row.pn_id),
          )
        }
        aria-label={t('warehouse-money.notes.selectNote', { code: row.reference_no })}
        data-testid="note-select"
      />
    ),
  };
  const columns: DataColumn<TPaymentNote>[] = [
    ...(showsDiscard(tab) ? [selectColumn] : []),
    { title: t('warehouse-money.notes.columns.reference'), dataIndex: 'reference_no', width: 170 },
    { title: t('warehouse-money.notes.columns.method'), dataIndex: 'pm_title', width: 110 },
    {
      title: t('warehouse-money.notes.columns.transactionNo'),
      dataIndex: 'transaction_no',
      width: 170,
      ellipsis: true,
    },
    {
      title: t('warehouse-money.notes.columns.amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, row) => <span className={styles.amount}>{`${row.pn_amount} ${row.pn_currency_code}`}</span>,
    },
    {
      title: t('warehouse-money.notes.columns.arrival'),
      dataIndex: 'pn_arrival_amount',
      width: 110,
      align: 'right',
      render: (value: string, row) => <span className={styles.amount}>{row.pn_status === 5 ? value : '-'}</span>,
    },
    { title: t('warehouse-money.notes.columns.status'), dataIndex: 'pn_status', width: 90, render: (value: number) => statusTag(value) },
    { title: t('warehouse-money.notes.columns.addedAt'), dataIndex: 'pn_add_time', width: 160 },
    { title: t('warehouse-money.notes.columns.desc'), dataIndex: 'pn_desc', ellipsis: true },
    {
      title: t('warehouse-money.notes.columns.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setDetailId(row.pn_id)} data-testid="note-detail">
          {t('warehouse-money.notes.detail')}
        </Button>
      ),
    },
  ];

  const note = detail.data;
  return (
    <Modal
      open={open}
      title={t('warehouse-money.notes.title')}
      onCancel={onClose}
      footer={null}
      width={1120}
      destroyOnHidden
    >
      <div className={styles.dialogBody} data-testid="notes-dialog">
        <span className={styles.hint}>{t('warehouse-money.provider', { name: providerName })}</span>
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => {
            setTab(Number(key) as NoteTab);
            setPage(1);
            setSelected([]);
          }}
          items={NOTE_TABS.map((value) => ({
            key: String(value),
            label: value === -1 ? t('warehouse-money.all') : t(`warehouse-money.notes.tabs.${value}`),
          }))}
          data-testid="notes-tabs"
        />
        <div className={styles.toolbar}>
          <Select
            className={styles.filter}
            allowClear
            placeholder={t('warehouse-money.notes.columns.method')}
            aria-label={t('warehouse-money.notes.columns.method')}
            value={draft.paymentCode}
            onChange={(paymentCode?: string) => setDraft({ ...draft, paymentCode })}
            options={(methods.data?.data ?? []).map((m) => ({ value: m.pm_code, label: m.pm_title }))}
          />
          <Select
            className={styles.filter}
            value={draft.searchType}
            aria-label={t('warehouse-money.notes.searchType')}
            onChange={(searchType: 1 | 2) => setDraft({ ...draft, searchType })}
            options={[
              { value: 1, label: t('warehouse-money.notes.columns.reference') },
              { value: 2, label: t('warehouse-money.notes.columns.transactionNo') },
            ]}
          />
          <Input
            className={styles.filter}
            allowClear
            maxLength={64}
            value={draft.searchCode}
            aria-label={t('warehouse-money.notes.searchCode')}
            placeholder={t('warehouse-money.notes.searchCode')}
            onChange={(e) => setDraft({ ...draft, searchCode: e.target.value })}
            data-testid="notes-search"
          />
          <DatePicker.RangePicker
            value={draft.range ?? null}
            onChange={(range) => setDraft({ ...draft, range })}
            aria-label={t('warehouse-money.notes.dates')}
          />
          <Button
            type="primary"
            onClick={() => {
              setFilters({ ...draft, searchCode: draft.searchCode.trim() });
              setPage(1);
            }}
            data-testid="notes-query"
          >
            {t('warehouse-money.search')}
          </Button>
          <span className={styles.grow} />
          {showsDiscard(tab) ? (
            <Button danger onClick={discard} data-testid="notes-discard">
              {t('warehouse-money.notes.discard')}
            </Button>
          ) : null}
        </div>
        <ServerTable<TPaymentNote>
          list={dialogList(list, { page, pageSize: NOTE_PAGE_SIZE, setPage })}
          rowKey="pn_id"
          size="middle"
          columns={columns}
          scroll={{ x: 1250 }}
          emptyText={<span className={styles.emptyText}>{t('warehouse-money.empty')}</span>}
          caption={t('warehouse-money.notes.title')}
          data-testid="notes-table"
        />
      </div>
      <Modal
        open={detailId !== undefined}
        title={t('warehouse-money.notes.detailTitle')}
        onCancel={() => setDetailId(undefined)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        {note ? (
          <div className={styles.dialogBody} data-testid="note-detail-body">
            <Descriptions size="small" bordered column={2}>
              <Descriptions.Item label={t('warehouse-money.notes.columns.reference')}>
                {note.reference_no}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.status')}>
                {statusTag(note.pn_status)}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.method')}>{note.pm_title}</Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.transactionNo')}>
                {note.transaction_no}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.transactionDate')}>
                {note.transaction_date.slice(0, 10)}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.account')}>
                {`${note.ba_bankname} ${note.ba_code}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.amount')}>
                {`${note.pn_amount} ${note.pn_currency_code}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.arrival')}>
                {note.pn_status === 5 ? `${note.pn_arrival_amount} CNY` : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.user')}>{note.user_code}</Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.addedAt')}>
                {note.pn_add_time}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.verifiedAt')}>
                {note.pn_verify_time || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.note')}>
                {note.pn_note || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('warehouse-money.notes.columns.desc')} span={2}>
                {note.pn_desc || '-'}
              </Descriptions.Item>
            </Descriptions>
            <div className={styles.proofs}>
              {note.attacheds.map((url, index) => (
                <ProofImage
                  key={url}
                  url={url}
                  alt={t('warehouse-money.notes.proofAlt', { index: index + 1 })}
                  load={loadProof}
                />
              ))}
            </div>
          </div>
        ) : null}
      </Modal>
    </Modal>
  );
}
