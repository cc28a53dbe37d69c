import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  THIRD_PARTY_SEARCH_TYPES,
  THIRD_PARTY_TIME_TYPES,
  THIRD_PARTY_TYPES,
} from '@seller-centre/contract/third-party';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../shared/i18n.ts';
import { fromPickerValue, lastDays, toPickerValue } from '../../shared/list/date-ranges.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { notify } from '../../shared/notify.ts';
import { PAY_SUCCESS_EVENT } from '../../shared/pay-events.ts';
import { BILLS_QUERY_ROOT } from '../../shared/query-keys.ts';
import styles from './bills.module.css';
import { ExportDialog } from './export-dialog.tsx';
import {
  addThirdPartyExport,
  balanceOf,
  platformsQuery,
  THIRD_PARTY_LIST,
  thirdPartyQuery,
  type ThirdPartyRow,
} from './third-party-api.ts';

const QUICK_DAYS = [1, 3, 7, 30] as const;

/**
 * The third-party bill (docs/product.md): the balance, the filters (platform, type, flow, a time type
 * with its range and quick ranges of 1/3/7/30 days, a search type with its text), the table
 * (650 high), export and the export download dialog, and 'recharge to platform' (service
 * upgrade tab 3). A payment anywhere in the app starts the bill over (the pay-success event).
 */
export function ThirdPartyBill() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const list = useServerList({ ...THIRD_PARTY_LIST, query: (state) => thirdPartyQuery(state, language) });
  const { filters } = list;
  const platforms = useQuery(platformsQuery());
  const [draft, setDraft] = useSearchDraft(filters.search);
  const [exportsOpen, setExportsOpen] = useState(false);
  const balance = balanceOf(list.query.data);

  useEffect(() => {
    const reset = () => {
      list.resetFilters();
      void queryClient.invalidateQueries({ queryKey: [...BILLS_QUERY_ROOT, 'third-party'] });
    };
    window.addEventListener(PAY_SUCCESS_EVENT, reset);
    return () => window.removeEventListener(PAY_SUCCESS_EVENT, reset);
  }, [list, queryClient]);

  const money = (value: string) => <span className={styles.amount}>{value}</span>;
  const columns: DataColumn<ThirdPartyRow>[] = [
    {
      title: t('bills.thirdParty.columns.transaction_id'),
      // Wide enough for a top-up's order code (22 characters) without an ellipsis.
      dataIndex: 'transaction_id',
      width: 230,
      ellipsis: { showTitle: true },
    },
    {
      title: t('bills.thirdParty.columns.platform'),
      dataIndex: 'platform',
      width: 120,
      render: (platform: string, row) => (platform ? `${platform}${row.site ? ` / ${row.site}` : ''}` : '-'),
    },
    { title: t('bills.thirdParty.columns.ordersn'), dataIndex: 'ordersn', width: 240, render: (v: string) => v || '-' },
    {
      title: t('bills.thirdParty.columns.warehouse_order_id'),
      dataIndex: 'warehouse_order_id',
      width: 140,
      render: (v: string) => v || '-',
    },
    {
      title: t('bills.thirdParty.columns.shop_name'),
      dataIndex: 'shop_name',
      width: 220,
      ellipsis: { showTitle: true },
      render: (v: string, row) => (v ? `${v}${row.shop_id ? ` (${row.shop_id})` : ''}` : '-'),
    },
    {
      title: t('bills.thirdParty.columns.transaction_type'),
      dataIndex: 'transaction_type',
      width: 170,
      render: (type: string) => t(`bills.thirdParty.types.${type}`, { defaultValue: type }),
    },
    {
      title: t('bills.thirdParty.columns.transaction_money'),
      dataIndex: 'transaction_money',
      width: 130,
      align: 'right',
      render: (value: string, row) => (
        <span className={row.capital_flows === 'into' ? styles.into : styles.out}>
          {row.capital_flows === 'into' ? '+' : '-'}
          {value}
        </span>
      ),
    },
    {
      title: t('bills.thirdParty.columns.account_balance'),
      dataIndex: 'account_balance',
      width: 130,
      align: 'right',
      render: money,
    },
    { title: t('bills.thirdParty.columns.added_date'), dataIndex: 'added_date', width: 170 },
    { title: t('bills.thirdParty.columns.transaction_date'), dataIndex: 'transaction_date', width: 170 },
    {
      title: t('bills.thirdParty.columns.transaction_remark'),
      dataIndex: 'transaction_remark',
      width: 180,
      ellipsis: { showTitle: true },
      render: (v: string) => v || '-',
    },
  ];

  const onExport = async () => {
    if (await addThirdPartyExport(filters)) notify.success(t('bills.thirdParty.exportSubmitted'));
  };

  return (
    <div data-testid="third-party-bill">
      <div className={styles.balanceBar}>
        <Statistic
          title={t('bills.thirdParty.balance')}
          value={balance ?? '-'}
          prefix="¥"
          data-testid="third-party-balance"
        />
        <Space wrap>
          <Button
            type="primary"
            onClick={() => setSearchParams({ active: 'serviceUpgrade', tab: '3' })}
            data-testid="third-party-recharge"
          >
            {t('bills.cloud.recharge')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void onExport()} data-testid="third-party-export">
            {t('bills.thirdParty.export')}
          </Button>
          <Button onClick={() => setExportsOpen(true)} data-testid="third-party-export-list">
            {t('bills.exports.title')}
          </Button>
        </Space>
      </div>
      <div className={styles.filters} role="search" data-testid="third-party-filters">
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.thirdParty.filters.platform')}
          aria-label={t('bills.thirdParty.filters.platform')}
          value={filters.platform || undefined}
          onChange={(platform?: string) => list.setFilters({ platform: platform ?? '' })}
          options={(platforms.data ?? []).map((p) => ({ value: p.platform, label: p.platform_name }))}
          popupMatchSelectWidth={false}
          data-testid="third-party-platform"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.thirdParty.filters.type')}
          aria-label={t('bills.thirdParty.filters.type')}
          value={filters.transaction_type}
          onChange={(transaction_type) => list.setFilters({ transaction_type })}
          options={THIRD_PARTY_TYPES.map((value) => ({ value, label: t(`bills.thirdParty.types.${value}`) }))}
          popupMatchSelectWidth={false}
          data-testid="third-party-type"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.thirdParty.filters.flow')}
          aria-label={t('bills.thirdParty.filters.flow')}
          value={filters.capital_flows}
          onChange={(capital_flows) => list.setFilters({ capital_flows })}
          options={(['into', 'out'] as const).map((value) => ({ value, label: t(`bills.thirdParty.flows.${value}`) }))}
          data-testid="third-party-flow"
        />
        <Space.Compact>
          <Select
            aria-label={t('bills.thirdParty.filters.timeType')}
            value={filters.time_type}
            onChange={(time_type) => list.setFilters({ time_type })}
            options={THIRD_PARTY_TIME_TYPES.map((value) => ({ value, label: t(`bills.thirdParty.columns.${value}`) }))}
            popupMatchSelectWidth={false}
            data-testid="third-party-time-type"
          />
          <DatePicker.RangePicker
            className={styles.range}
            value={toPickerValue(filters.range)}
            onChange={(value) => list.setFilters({ range: fromPickerValue(value) })}
            presets={QUICK_DAYS.map((days) => {
              const range = lastDays(days)!;
              return {
                label: t('bills.thirdParty.lastDays', { count: days }),
                value: [dayjs(range.from), dayjs(range.to)],
              };
            })}
            placeholder={[t('bills.filters.from'), t('bills.filters.to')]}
            aria-label={t('bills.thirdParty.filters.range')}
            data-testid="third-party-range"
          />
        </Space.Compact>
        <Space.Compact>
          <Select
            aria-label={t('bills.thirdParty.filters.searchType')}
            value={filters.search_type}
            onChange={(search_type) => list.setFilters({ search_type })}
            options={THIRD_PARTY_SEARCH_TYPES.map((value) => ({
              value,
              label: t(`bills.thirdParty.columns.${value}`),
            }))}
            popupMatchSelectWidth={false}
            data-testid="third-party-search-type"
          />
          <Input
            className={styles.search}
            value={draft}
            maxLength={100}
            allowClear
            placeholder={t('bills.thirdParty.filters.searchText')}
            aria-label={t('bills.thirdParty.filters.searchText')}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => list.setFilters({ search: draft.trim() })}
            data-testid="third-party-search"
          />
        </Space.Compact>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => list.setFilters({ search: draft.trim() })}
          data-testid="third-party-search-button"
        >
          {t('bills.filters.search')}
        </Button>
        <Button onClick={list.resetFilters} data-testid="third-party-reset">
          {t('bills.filters.reset')}
        </Button>
      </div>
      <ServerTable<ThirdPartyRow>
        list={list}
        rowKey="transaction_id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 1920, y: 650 }}
        emptyText={t('bills.empty')}
        caption={t('bills.cloud.thirdPartyTab')}
        data-testid="third-party-table"
      />
      <ExportDialog open={exportsOpen} onClose={() => setExportsOpen(false)} />
    </div>
  );
}
