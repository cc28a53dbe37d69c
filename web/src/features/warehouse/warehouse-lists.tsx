import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  BILL_BUSINESS_TYPES,
  FUND_DIRECTION_IDS,
  type TFeeBillRow,
  type TFeeFlowRow,
  type TRentRow,
} from '@seller-centre/contract/warehouse';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Dropdown, Input, Select, Space } from 'antd';
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthButton } from '../../shared/components/auth-button.tsx';
import { useLanguage } from '../../shared/i18n.ts';
import { usePermission } from '../../shared/permission.ts';
import { fromPickerValue, rangePickerPresets, toPickerValue } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import { useServerList, type ServerList } from '../../shared/list/use-server-list.ts';
import {
  BILL_LIST,
  billParams,
  billQuery,
  FLOW_LIST,
  flowParams,
  flowQuery,
  platformsQuery,
  RENT_LIST,
  rentParams,
  rentQuery,
  startExport,
  WAREHOUSE_QUERY_ROOT,
  wmsQuery,
  type ExportFileType,
} from './api.ts';
import { notify } from '../../shared/notify.ts';
import searchGroup from '../../shared/list/search-group.module.css';

import WarehouseCharts from './warehouse-charts.tsx';
import styles from './warehouse.module.css';

function Money({ value }: { value: string }) {
  return <span className={`${styles.amount} ${value.startsWith('-') ? styles.negative : ''}`}>{value}</span>;
}

/** A search box whose text is sent on Enter or 'search', with a search-type choice before it. */
function SearchBox(props: {
  testId: string;
  code: string;
  type: number;
  types: readonly number[];
  typeLabel: (type: number) => string;
  onSearch: (code: string, type: number) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useSearchDraft(props.code);
  // The chosen type is kept here too, not only read back from the URL: Enter right after a choice
  // must search by that choice.
  const [type, setType] = useSearchDraft(props.type);
  return (
    <Space.Compact className={searchGroup.group}>
      <Select
        value={type}
        onChange={(next: number) => {
          setType(next);
          props.onSearch(draft.trim(), next);
        }}
        aria-label={t('warehouse.filters.searchType')}
        options={props.types.map((value) => ({ value, label: props.typeLabel(value) }))}
        popupMatchSelectWidth={false}
        data-testid={`${props.testId}-search-type`}
      />
      <Input
        className={searchGroup.input}
        value={draft}
        allowClear
        maxLength={128}
        placeholder={t('warehouse.filters.searchCode')}
        aria-label={t('warehouse.filters.searchCode')}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => props.onSearch(draft.trim(), type)}
        data-testid={`${props.testId}-code`}
      />
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={() => props.onSearch(draft.trim(), type)}
        aria-label={t('warehouse.filters.search')}
        data-testid={`${props.testId}-search`}
      />
    </Space.Compact>
  );
}

function Range({ value, onChange, testId }: { value: DateRange; onChange: (r: DateRange) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      className={styles.range}
      value={toPickerValue(value)}
      onChange={(v) => onChange(fromPickerValue(v))}
      presets={rangePickerPresets((key) => t(`list.ranges.${key}`))}
      placeholder={[t('warehouse.filters.from'), t('warehouse.filters.to')]}
      aria-label={t('warehouse.filters.range')}
      data-testid={`${testId}-range`}
    />
  );
}

/**
 * The filter bar of a list, with its reset and its export: the export queues a file of the rows
 * the list shows for these filters (CSV or XLSX) and says where to find it.
 */
function Filters({
  testId,
  children,
  onReset,
  onExport,
}: {
  testId: string;
  children: ReactNode;
  onReset: () => void;
  onExport: (fileType: ExportFileType) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Exporting needs button 275: without it the menu stays closed and the click says so.
  const canExport = usePermission(PERMISSIONS.bill.export).allowed;
  const queryClient = useQueryClient();
  const run = (fileType: ExportFileType) => {
    setBusy(true);
    onExport(fileType)
      .then(() => {
        notify.success(t('warehouse.exports.submitted'));
        // The export list button counts the new task.
        void queryClient.invalidateQueries({ queryKey: [...WAREHOUSE_QUERY_ROOT, 'exports'] });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.filters} role="search" data-testid={`${testId}-filters`}>
      {children}
      <Button onClick={onReset} data-testid={`${testId}-reset`}>
        {t('warehouse.filters.reset')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={!canExport}
        menu={{
          items: (['csv', 'xlsx'] as const).map((fileType) => ({
            key: fileType,
            label: <span data-testid={`${testId}-export-${fileType}`}>{t(`warehouse.exports.as.${fileType}`)}</span>,
          })),
          onClick: ({ key }) => run(key as ExportFileType),
        }}
      >
        <AuthButton
          permission={PERMISSIONS.bill.export}
          icon={<DownloadOutlined />}
          loading={busy}
          data-testid={`${testId}-export`}
        >
          {t('warehouse.exports.export')}
        </AuthButton>
      </Dropdown>
    </div>
  );
}

function useFeeTypes(wwsId: number) {
  const language = useLanguage();
  const types = useQuery(wmsQuery('getFeeType', wwsId, {}, language));
  return (types.data?.data ?? []).map((ft) => ({
    value: ft.ft_code,
    label: language === 'zh' ? ft.ft_name_cn : ft.ft_name_en,
  }));
}

function useWarehouses(wwsId: number) {
  const language = useLanguage();
  const warehouses = useQuery(wmsQuery('getWarehouse', wwsId, { page: 1, pageSize: 200 }, language));
  return (warehouses.data?.data ?? []).map((w) => ({ value: String(w.warehouse_id), label: w.warehouse_name }));
}

/**
 * A filter picked from a list of codes (a fee type, a warehouse), where '' in the list's state is
 * every one: cleared, it goes back to ''. Its label is its placeholder and its accessible name.
 */
function CodeFilter({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <Select
      className={styles.filter}
      allowClear
      placeholder={label}
      aria-label={label}
      value={value || undefined}
      onChange={(next?: string) => onChange(next ?? '')}
      options={options}
      data-testid={testId}
    />
  );
}

type FlowList = ServerList<typeof FLOW_LIST.filters, (typeof FLOW_LIST.pageSizes)[number], TFeeFlowRow>;

/**
 * The fee flow's filters, apart from its rows: the list's state, and the callbacks that change it,
 * stay the same while its rows load, so the filters (selects, a date picker) do not render again
 * each time the rows' query moves.
 */
const FlowFilters = memo(function FlowFilters({
  wwsId,
  state,
  setFilters,
  resetFilters,
}: {
  wwsId: number;
  state: FlowList['state'];
  setFilters: FlowList['setFilters'];
  resetFilters: FlowList['resetFilters'];
}) {
  const { t } = useTranslation();
  const feeTypes = useFeeTypes(wwsId);
  const platforms = useQuery(platformsQuery());
  const { filters } = state;
  return (
    <Filters
      testId="flow"
      onReset={resetFilters}
      onExport={(fileType) => startExport(wwsId, { exportType: 1, ...flowParams(state) }, fileType)}
    >
      <SearchBox
        testId="flow"
        code={filters.search_code}
        type={filters.search_type}
        types={[1, 2, 3, 4, 5]}
        typeLabel={(type) => t(`warehouse.flow.searchTypes.${type}`)}
        onSearch={(search_code, search_type) =>
          setFilters({ search_code, search_type: search_type as 1 | 2 | 3 | 4 | 5 })
        }
      />
      <CodeFilter
        label={t('warehouse.filters.feeType')}
        value={filters.ft_code}
        onChange={(ft_code) => setFilters({ ft_code })}
        options={feeTypes}
        testId="flow-fee-type"
      />
      <Select
        className={styles.filter}
        allowClear
        placeholder={t('warehouse.filters.direction')}
        aria-label={t('warehouse.filters.direction')}
        value={filters.cbl_type}
        onChange={(cbl_type) => setFilters({ cbl_type })}
        options={FUND_DIRECTION_IDS.map((value) => ({ value, label: t(`warehouse.flow.directions.${value}`) }))}
        data-testid="flow-direction"
      />
      <Select
        className={styles.filter}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('warehouse.filters.platform')}
        aria-label={t('warehouse.filters.platform')}
        value={filters.platform}
        onChange={(platform: string[]) => setFilters({ platform })}
        options={(platforms.data ?? []).map((p) => ({ value: p.platform, label: p.platform_name }))}
        data-testid="flow-platform"
      />
      <Range value={filters.added} onChange={(added) => setFilters({ added })} testId="flow" />
    </Filters>
  );
});

/** The fee flow: every movement of the warehouse account with the balance after it. */
export function FeeFlowList({ wwsId }: { wwsId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...FLOW_LIST, query: (state) => flowQuery(wwsId, state, language) });
  const { filters } = list;
  const feeTypes = useFeeTypes(wwsId);
  const col = (key: string) => t(`warehouse.flow.columns.${key}`);
  const columns: DataColumn<TFeeFlowRow>[] = [
    {
      title: col('cbl_add_time'),
      dataIndex: 'cbl_add_time',
      width: 170,
      render: (v: string) => <span className={styles.nowrap}>{v}</span>,
    },
    {
      title: col('ft_name_cn'),
      dataIndex: 'ft_name_cn',
      width: 110,
      // The row carries the Chinese name only; the fee type list has the English one for kr and th.
      render: (name: string, row) => feeTypes.find((ft) => ft.value === row.ft_code)?.label || name,
    },
    { title: col('cbl_type_title'), dataIndex: 'cbl_type_title', width: 100 },
    {
      title: col('cbl_transaction_value'),
      dataIndex: 'cbl_transaction_value',
      width: 120,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      title: col('cbl_current_value'),
      dataIndex: 'cbl_current_value',
      width: 120,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: col('reference_no'), dataIndex: 'reference_no', width: 150, ellipsis: true },
    { title: col('order_code'), dataIndex: 'order_code', width: 140, ellipsis: true },
    { title: col('cbl_refer_code'), dataIndex: 'cbl_refer_code', width: 150, ellipsis: true },
    { title: col('tracking_number'), dataIndex: 'tracking_number', width: 150, ellipsis: true },
    { title: col('platform_shop'), dataIndex: 'platform_shop', width: 150, ellipsis: true },
    { title: col('platform'), dataIndex: 'platform', width: 100 },
    { title: col('site'), dataIndex: 'site', width: 80 },
    { title: col('cbl_note'), dataIndex: 'cbl_note', ellipsis: true },
  ];
  return (
    <div data-testid="warehouse-flow">
      <WarehouseCharts wwsId={wwsId} range={filters.added} />
      <FlowFilters wwsId={wwsId} state={list.state} setFilters={list.setFilters} resetFilters={list.resetFilters} />
      <ServerTable<TFeeFlowRow>
        list={list}
        rowKey="cbl_id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 1500 }}
        caption={t('warehouse.menu.flow')}
        data-testid="flow-table"
      />
    </div>
  );
}

/** Fee bills: what the warehouse charged per document, with reconciliation and write-off. */
export function FeeBillList({ wwsId }: { wwsId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...BILL_LIST, query: (state) => billQuery(wwsId, state, language) });
  const { filters } = list;
  const feeTypes = useFeeTypes(wwsId);
  const warehouses = useWarehouses(wwsId);
  const col = (key: string) => t(`warehouse.bill.columns.${key}`);
  const columns: DataColumn<TFeeBillRow>[] = [
    {
      title: col('bi_chargeable_time'),
      dataIndex: 'bi_chargeable_time',
      width: 170,
      render: (v: string) => <span className={styles.nowrap}>{v}</span>,
    },
    { title: col('reference_no'), dataIndex: 'reference_no', width: 130, ellipsis: true },
    { title: col('order_code'), dataIndex: 'order_code', width: 140, ellipsis: true },
    { title: col('bb_refer_code'), dataIndex: 'bb_refer_code', width: 150, ellipsis: true },
    { title: col('platform_shop'), dataIndex: 'platform_shop', width: 150, ellipsis: true },
    { title: col('warehouse_name'), dataIndex: 'warehouse_name', width: 150, ellipsis: true },
    { title: col('ft_name'), dataIndex: 'ft_name', width: 110 },
    {
      title: col('bi_amount'),
      dataIndex: 'bi_amount',
      width: 110,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    {
      title: col('bi_org_amount'),
      dataIndex: 'bi_org_amount',
      width: 110,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: col('currency_code'), dataIndex: 'currency_code', width: 80 },
    { title: col('status_desc'), dataIndex: 'status_desc', width: 110 },
    { title: col('writeoff'), dataIndex: 'writeoff_desc', width: 110 },
    { title: col('bi_note'), dataIndex: 'bi_note', ellipsis: true },
  ];
  return (
    <div data-testid="warehouse-bill-list">
      <Filters
        testId="bill"
        onReset={list.resetFilters}
        onExport={(fileType) => startExport(wwsId, { exportType: 2, ...billParams(list.state) }, fileType)}
      >
        <SearchBox
          testId="bill"
          code={filters.search_code}
          type={filters.search_type}
          types={[1, 2, 3]}
          typeLabel={(type) => t(`warehouse.bill.searchTypes.${type}`)}
          onSearch={(search_code, search_type) =>
            list.setFilters({ search_code, search_type: search_type as 1 | 2 | 3 })
          }
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('warehouse.filters.businessType')}
          aria-label={t('warehouse.filters.businessType')}
          value={filters.ds_code}
          onChange={(ds_code) => list.setFilters({ ds_code })}
          options={BILL_BUSINESS_TYPES.map((value) => ({ value, label: t(`warehouse.bill.businessTypes.${value}`) }))}
          data-testid="bill-business-type"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('warehouse.filters.verification')}
          aria-label={t('warehouse.filters.verification')}
          value={filters.bi_status}
          onChange={(bi_status) => list.setFilters({ bi_status })}
          options={([2, 3] as const).map((value) => ({ value, label: t(`warehouse.bill.verification.${value}`) }))}
          data-testid="bill-verification"
        />
        <CodeFilter
          label={t('warehouse.filters.feeType')}
          value={filters.ft_code}
          onChange={(ft_code) => list.setFilters({ ft_code })}
          options={feeTypes}
          testId="bill-fee-type"
        />
        <CodeFilter
          label={t('warehouse.filters.warehouse')}
          value={filters.warehouse_id}
          onChange={(warehouse_id) => list.setFilters({ warehouse_id })}
          options={warehouses}
          testId="bill-warehouse"
        />
        <Range value={filters.charged} onChange={(charged) => list.setFilters({ charged })} testId="bill" />
      </Filters>
      <ServerTable<TFeeBillRow>
        list={list}
        rowKey="bi_id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 1500 }}
        caption={t('warehouse.menu.bill')}
        data-testid="bill-table"
      />
    </div>
  );
}

/** Warehouse rent: storage settled per cycle (daily, weekly, half-monthly, monthly). */
export function RentList({ wwsId }: { wwsId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...RENT_LIST, query: (state) => rentQuery(wwsId, state, language) });
  const { filters } = list;
  const warehouses = useWarehouses(wwsId);
  const [code, setCode] = useSearchDraft(filters.codeLike);
  const [from, setFrom] = useSearchDraft(filters.typeValueFrom);
  const [to, setTo] = useSearchDraft(filters.typeValueTo);
  const col = (key: string) => t(`warehouse.rent.columns.${key}`);
  const columns: DataColumn<TRentRow>[] = [
    {
      title: col('is_date'),
      dataIndex: 'is_date',
      width: 170,
      render: (v: string) => <span className={styles.nowrap}>{v}</span>,
    },
    { title: col('wis_code'), dataIndex: 'wis_code', width: 150, ellipsis: true },
    {
      title: col('wp_settlement_cycle'),
      dataIndex: 'wp_settlement_cycle',
      width: 100,
      render: (v: number) => t(`warehouse.rent.cycles.${v}`),
    },
    { title: col('warehouse_name'), dataIndex: 'warehouse_name', width: 150, ellipsis: true },
    {
      title: col('finish_flag'),
      dataIndex: 'finish_flag',
      width: 100,
      render: (v: number) => t(`warehouse.rent.finished.${v}`),
    },
    {
      title: col('isdb_volume'),
      dataIndex: 'isdb_volume',
      width: 110,
      align: 'right',
      render: (v: string) => <span className={styles.amount}>{v}</span>,
    },
    { title: col('isdb_total_qty'), dataIndex: 'isdb_total_qty', width: 90, align: 'right' },
    {
      title: col('calc_amount'),
      dataIndex: 'calc_amount',
      width: 110,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: col('calc_currency'), dataIndex: 'calc_currency', width: 90 },
    {
      title: col('is_amount'),
      dataIndex: 'is_amount',
      width: 110,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: col('customer_currency_code'), dataIndex: 'customer_currency_code', width: 90 },
    {
      title: col('bi_org_amount'),
      dataIndex: 'bi_org_amount',
      width: 110,
      align: 'right',
      render: (v: string) => <Money value={v} />,
    },
    { title: col('currency_code'), dataIndex: 'currency_code', width: 80 },
  ];
  const apply = () => list.setFilters({ codeLike: code.trim(), typeValueFrom: from.trim(), typeValueTo: to.trim() });
  return (
    <div data-testid="warehouse-rent">
      <Filters
        testId="rent"
        onReset={list.resetFilters}
        onExport={(fileType) => startExport(wwsId, { exportType: 3, ...rentParams(list.state) }, fileType)}
      >
        <Input
          className={styles.search}
          value={code}
          allowClear
          maxLength={128}
          placeholder={t('warehouse.filters.code')}
          aria-label={t('warehouse.filters.code')}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={apply}
          data-testid="rent-code"
        />
        <CodeFilter
          label={t('warehouse.filters.warehouse')}
          value={filters.warehouseId}
          onChange={(warehouseId) => list.setFilters({ warehouseId })}
          options={warehouses}
          testId="rent-warehouse"
        />
        <Space.Compact>
          <Select
            allowClear
            placeholder={t('warehouse.filters.rentType')}
            aria-label={t('warehouse.filters.rentType')}
            value={filters.type}
            onChange={(type) => list.setFilters({ type })}
            options={([1, 2, 3] as const).map((value) => ({ value, label: t(`warehouse.rent.types.${value}`) }))}
            popupMatchSelectWidth={false}
            data-testid="rent-type"
          />
          <Input
            style={{ width: 100 }}
            value={from}
            inputMode="decimal"
            placeholder={t('warehouse.filters.valueFrom')}
            aria-label={t('warehouse.filters.valueFrom')}
            onChange={(e) => setFrom(e.target.value.replace(/[^\d.]/g, ''))}
            onPressEnter={apply}
            data-testid="rent-from"
          />
          <Input
            style={{ width: 100 }}
            value={to}
            inputMode="decimal"
            placeholder={t('warehouse.filters.valueTo')}
            aria-label={t('warehouse.filters.valueTo')}
            onChange={(e) => setTo(e.target.value.replace(/[^\d.]/g, ''))}
            onPressEnter={apply}
            data-testid="rent-to"
          />
        </Space.Compact>
        <Range value={filters.settled} onChange={(settled) => list.setFilters({ settled })} testId="rent" />
        <Button type="primary" icon={<SearchOutlined />} onClick={apply} data-testid="rent-search">
          {t('warehouse.filters.search')}
        </Button>
      </Filters>
      <ServerTable<TRentRow>
        list={list}
        rowKey="is_id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 1400 }}
        caption={t('warehouse.menu.rent')}
        data-testid="rent-table"
      />
    </div>
  );
}
