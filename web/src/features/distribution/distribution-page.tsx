import {
  DISTRIBUTION_SEARCH_TYPES,
  distributionPaths,
  WITHDRAWAL_SEARCH_TYPES,
  WITHDRAWAL_TIME_TYPES,
  type TDistributionBillRow,
  type TWithdrawalRow,
} from '@seller-centre/contract/distribution';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfo } from '../../shared/current-user.ts';
import { formatDateTime } from '../../shared/format.ts';
import { fromPickerValue, rangePickerPresets, toPickerValue } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { notify } from '../../shared/notify.ts';
import {
  balanceQuery,
  BILL_LIST,
  billBody,
  billQuery,
  CAPITAL_FLOWS,
  downloadCsv,
  earningsQuery,
  readerTimeZone,
  WITHDRAWAL_LIST,
  WITHDRAWAL_STATUSES,
  withdrawalBody,
  withdrawalQuery,
} from './api.ts';
import { ApplyWithdrawalDialog, AuditContentDialog, EditBankInfoDialog } from './dialogs.tsx';
import searchGroup from '../../shared/list/search-group.module.css';
import styles from './distribution.module.css';
import EarningsChart from './earnings-chart.tsx';

const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

function useExport() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, body: object, name: string) => {
    setBusy(true);
    try {
      const stamp = new Date().toISOString().slice(0, 10);
      await downloadCsv(path, body, `${name}-${stamp}.csv`);
    } catch {
      notify.error(t('distribution.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function Filters(props: {
  testId: string;
  searchTypes: readonly string[];
  searchType: string;
  onSearchType: (value: string) => void;
  search: string;
  onSearch: (value: string) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
  onReset: () => void;
  onExport: () => void;
  exporting: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useSearchDraft(props.search);
  return (
    <div className={styles.filters} role="search" data-testid={`${props.testId}-filters`}>
      {props.children}
      <Space.Compact className={searchGroup.group}>
        <Select
          className={styles.filter}
          value={props.searchType}
          onChange={props.onSearchType}
          aria-label={t('distribution.search')}
          options={props.searchTypes.map((value) => ({ value, label: t(`distribution.searchTypes.${value}`) }))}
          data-testid={`${props.testId}-search-type`}
        />
        <Input
          className={searchGroup.input}
          value={draft}
          maxLength={64}
          allowClear
          placeholder={t('distribution.searchPlaceholder')}
          aria-label={t('distribution.searchPlaceholder')}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => props.onSearch(draft.trim())}
          data-testid={`${props.testId}-search`}
        />
      </Space.Compact>
      <DatePicker.RangePicker
        className={styles.range}
        value={toPickerValue(props.range)}
        onChange={(value) => props.onRange(fromPickerValue(value))}
        presets={rangePickerPresets((key) => t(`list.ranges.${key}`))}
        placeholder={[t('distribution.from'), t('distribution.to')]}
        data-testid={`${props.testId}-range`}
      />
      <Button type="primary" onClick={() => props.onSearch(draft.trim())} data-testid={`${props.testId}-search-button`}>
        {t('distribution.search')}
      </Button>
      <Button onClick={props.onReset}>{t('distribution.reset')}</Button>
      <Button onClick={props.onExport} loading={props.exporting} data-testid={`${props.testId}-export`}>
        {t('distribution.export')}
      </Button>
    </div>
  );
}

function BillTab() {
  const { t } = useTranslation();
  const list = useServerList({ ...BILL_LIST, query: billQuery });
  const { filters } = list;
  const exporter = useExport();
  const money = (v: string) => <span className={styles.amount}>{t('distribution.money', { amount: v })}</span>;
  const columns: DataColumn<TDistributionBillRow>[] = [
    { title: t('distribution.columns.transaction_id'), dataIndex: 'transaction_id', width: 175 },
    { title: t('distribution.columns.parent_user_id'), dataIndex: 'parent_user_id', width: 110 },
    { title: t('distribution.columns.number'), dataIndex: 'number', width: 175 },
    {
      title: t('distribution.columns.capital_flows'),
      dataIndex: 'capital_flows',
      width: 100,
      render: (v: string) => (
        <Tag color={v === 'INTO' ? 'success' : 'warning'} bordered={false}>
          {t(`distribution.capitalFlows.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('distribution.columns.transaction_money'),
      dataIndex: 'transaction_money',
      width: 120,
      align: 'right',
      render: money,
    },
    {
      title: t('distribution.columns.current_distribution_balance'),
      dataIndex: 'current_distribution_balance',
      width: 130,
      align: 'right',
      render: money,
    },
    {
      title: t('distribution.columns.sys_create_time'),
      dataIndex: 'sys_create_time',
      width: 160,
      render: (v: string) => <span className={styles.nowrap}>{formatDateTime(v)}</span>,
    },
    {
      title: t('distribution.columns.sys_update_time'),
      dataIndex: 'sys_update_time',
      width: 160,
      render: (v: string) => <span className={styles.nowrap}>{formatDateTime(v)}</span>,
    },
  ];
  return (
    <div data-testid="distribution-bill">
      <Filters
        testId="bill"
        searchTypes={DISTRIBUTION_SEARCH_TYPES}
        searchType={filters.search_type}
        onSearchType={(search_type) => list.setFilters({ search_type: search_type as typeof filters.search_type })}
        search={filters.search_value}
        onSearch={(search_value) => list.setFilters({ search_value })}
        range={filters.created}
        onRange={(created) => list.setFilters({ created })}
        onReset={list.resetFilters}
        exporting={exporter.busy}
        onExport={() =>
          void exporter.run(
            distributionPaths.billExport,
            { ...billBody(filters), time_zone: readerTimeZone() },
            'distribution-bill',
          )
        }
      >
        <Select
          className={styles.filter}
          allowClear
          value={filters.capital_flows}
          placeholder={t('distribution.capitalFlows.all')}
          aria-label={t('distribution.columns.capital_flows')}
          onChange={(capital_flows) => list.setFilters({ capital_flows })}
          options={CAPITAL_FLOWS.map((value) => ({ value, label: t(`distribution.capitalFlows.${value}`) }))}
          data-testid="bill-capital-flows"
        />
      </Filters>
      <ServerTable<TDistributionBillRow>
        list={list}
        rowKey="transaction_id"
        columns={columns}
        scroll={{ x: 1100 }}
        emptyText={t('distribution.empty')}
        caption={t('distribution.tabs.bill')}
        data-testid="bill-table"
      />
    </div>
  );
}

function WithdrawalTab() {
  const { t } = useTranslation();
  const list = useServerList({ ...WITHDRAWAL_LIST, query: withdrawalQuery });
  const { filters } = list;
  const exporter = useExport();
  const [audit, setAudit] = useState<TWithdrawalRow | undefined>();
  const columns: DataColumn<TWithdrawalRow>[] = [
    { title: t('distribution.columns.transaction_id'), dataIndex: 'transaction_id', width: 210 },
    { title: t('distribution.columns.bank_number'), dataIndex: 'bank_number', width: 180 },
    { title: t('distribution.columns.user_name'), dataIndex: 'user_name', width: 120 },
    {
      title: t('distribution.columns.transaction_money'),
      dataIndex: 'transaction_money',
      width: 120,
      align: 'right',
      render: (v: string) => <span className={styles.amount}>{t('distribution.money', { amount: v })}</span>,
    },
    {
      title: t('distribution.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: number) => (
        <Tag color={STATUS_COLOR[v]} bordered={false} data-testid="withdrawal-status">
          {t(`distribution.status.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('distribution.columns.apply_time'),
      dataIndex: 'sys_create_time',
      width: 160,
      render: (v: string) => <span className={styles.nowrap}>{formatDateTime(v)}</span>,
    },
    {
      title: t('distribution.columns.review_time'),
      dataIndex: 'review_time',
      width: 160,
      render: (v: string | null) => <span className={styles.nowrap}>{formatDateTime(v)}</span>,
    },
    {
      title: t('distribution.columns.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, row) =>
        row.status === 0 ? (
          '-'
        ) : (
          <Button type="link" size="small" onClick={() => setAudit(row)} data-testid="view-audit">
            {t('distribution.viewAudit')}
          </Button>
        ),
    },
  ];
  return (
    <div data-testid="withdrawal-records">
      <Filters
        testId="withdrawal"
        searchTypes={WITHDRAWAL_SEARCH_TYPES}
        searchType={filters.search_type}
        onSearchType={(search_type) => list.setFilters({ search_type: search_type as typeof filters.search_type })}
        search={filters.search_value}
        onSearch={(search_value) => list.setFilters({ search_value })}
        range={filters.range}
        onRange={(range) => list.setFilters({ range })}
        onReset={list.resetFilters}
        exporting={exporter.busy}
        onExport={() =>
          void exporter.run(
            distributionPaths.withdrawalsExport,
            { ...withdrawalBody(filters), time_zone: readerTimeZone() },
            'withdrawals',
          )
        }
      >
        <Select
          className={styles.filter}
          value={filters.status}
          aria-label={t('distribution.columns.status')}
          onChange={(status) => list.setFilters({ status })}
          options={WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(`distribution.status.${value}`) }))}
          data-testid="withdrawal-status-filter"
        />
        <Select
          className={styles.filter}
          value={filters.time_type}
          aria-label={t('distribution.timeTypes.sys_create_time')}
          onChange={(time_type) => list.setFilters({ time_type })}
          options={WITHDRAWAL_TIME_TYPES.map((value) => ({ value, label: t(`distribution.timeTypes.${value}`) }))}
          data-testid="withdrawal-time-type"
        />
      </Filters>
      <ServerTable<TWithdrawalRow>
        list={list}
        rowKey="transaction_id"
        columns={columns}
        scroll={{ x: 1200 }}
        emptyText={t('distribution.empty')}
        caption={t('distribution.tabs.withdrawals')}
        data-testid="withdrawal-table"
      />
      <AuditContentDialog row={audit} onClose={() => setAudit(undefined)} />
    </div>
  );
}

function Earnings() {
  const { t } = useTranslation();
  const earnings = useQuery(earningsQuery);
  const months = earnings.data ?? [];
  return (
    <Card className={styles.chartCard} title={t('distribution.chart.title')} size="small">
      {months.length === 0 ? (
        <Typography.Text type="secondary">{t('distribution.chart.empty')}</Typography.Text>
      ) : (
        <EarningsChart
          months={months}
          label={t('distribution.chart.label')}
          description={t('distribution.chart.description', {
            summary: months.map((m) => `${m.month} ¥${m.amount}`).join(', '),
          })}
        />
      )}
    </Card>
  );
}

const TAB_PARAM = 'tab';

/**
 * The distribution bill page (docs/product.md): the balance available to withdraw, the earnings chart,
 * and two tabs (distribution bill, withdrawal records) with filters and CSV exports. Applying
 * for a withdrawal and editing the bank info are the main account's.
 */
export function DistributionPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const balance = useQuery(balanceQuery);
  const [dialog, setDialog] = useState<'apply' | 'info' | undefined>();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(TAB_PARAM) === 'withdrawals' ? 'withdrawals' : 'bill';
  const isMain = user.user_type === 1;
  const current = balance.data?.current_balance ?? '0.00';
  return (
    <div className={styles.page} data-testid="distribution-page">
      <div className={styles.header}>
        <Card className={styles.balanceCard} size="small">
          <Typography.Text type="secondary">
            <Tooltip title={t('distribution.balanceHint')}>{t('distribution.balance')}</Tooltip>
          </Typography.Text>
          <div className={styles.balance} data-testid="distribution-balance">
            {t('distribution.money', { amount: current })}
          </div>
          {isMain ? (
            <div className={styles.actions}>
              <Button type="primary" onClick={() => setDialog('apply')} data-testid="apply-withdrawal">
                {t('distribution.apply')}
              </Button>
              <Button onClick={() => setDialog('info')} data-testid="edit-bank-info">
                {t('distribution.editInfo')}
              </Button>
            </div>
          ) : null}
        </Card>
        <Earnings />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearchParams((previous) => {
            const next = new URLSearchParams(previous);
            next.set(TAB_PARAM, key);
            return next;
          })
        }
        items={[
          { key: 'bill', label: t('distribution.tabs.bill'), children: <BillTab /> },
          { key: 'withdrawals', label: t('distribution.tabs.withdrawals'), children: <WithdrawalTab /> },
        ]}
      />
      <ApplyWithdrawalDialog open={dialog === 'apply'} balance={current} onClose={() => setDialog(undefined)} />
      <EditBankInfoDialog open={dialog === 'info'} onClose={() => setDialog(undefined)} />
    </div>
  );
}
