import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '../../shared/format.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { DEDUCTION_BILL_LIST, DEDUCTION_TYPES, deductionBillQuery, type DeductionRow } from './api.ts';
import { BillFilters } from './bill-filters.tsx';
import styles from './bills.module.css';

/** The deduction bill (page 269): every use of a quota, with what was left after it. */
export function DeductionBill() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...DEDUCTION_BILL_LIST, query: (state) => deductionBillQuery(state, language) });
  const { filters } = list;
  const count = (value: number) => <span className={styles.amount}>{formatCount(value)}</span>;

  const columns: DataColumn<DeductionRow>[] = [
    { title: t('bills.deduction.columns.order_id'), dataIndex: 'order_id', width: 220 },
    {
      title: t('bills.deduction.columns.type'),
      dataIndex: 'type',
      render: (type: number) => t(`bills.deduction.types.${type}`, { defaultValue: String(type) }),
    },
    { title: t('bills.deduction.columns.use_num'), dataIndex: 'use_num', width: 120, align: 'right', render: count },
    { title: t('bills.deduction.columns.left_num'), dataIndex: 'left_num', width: 120, align: 'right', render: count },
    {
      title: t('bills.deduction.columns.user_name'),
      dataIndex: 'user_name',
      width: 140,
      ellipsis: { showTitle: true },
    },
    {
      title: t('bills.deduction.columns.create_at'),
      dataIndex: 'create_at',
      width: 160,
      render: (value: string) => <span className={styles.nowrap}>{formatDateTime(value)}</span>,
    },
  ];

  return (
    <div data-testid="deduction-bill">
      <BillFilters
        testId="deduction"
        code={filters.order_id}
        codeLabel={t('bills.deduction.columns.order_id')}
        onSearch={(order_id) => list.setFilters({ order_id })}
        range={filters.created}
        onRangeChange={(created) => list.setFilters({ created })}
        onReset={list.resetFilters}
      >
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.deduction.filters.type')}
          aria-label={t('bills.deduction.filters.type')}
          value={filters.type}
          onChange={(type) => list.setFilters({ type })}
          options={DEDUCTION_TYPES.map((value) => ({ value, label: t(`bills.deduction.types.${value}`) }))}
          popupMatchSelectWidth={false}
          data-testid="deduction-type"
        />
      </BillFilters>
      <ServerTable<DeductionRow>
        list={list}
        rowKey={(row) => `${row.order_id}-${row.create_at}-${row.type}`}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 900 }}
        emptyText={t('bills.empty')}
        caption={t('bills.tabs.DUDUCTION')}
        data-testid="deduction-table"
      />
    </div>
  );
}
