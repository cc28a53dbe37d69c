import { PACKAGE_PAY_TYPES, type TSoftwareBillRow } from '@seller-centre/contract/bills';
import { Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { ORDER_PAY_TYPES, PAY_STATES, SOFTWARE_BILL_LIST, softwareBillQuery } from './api.ts';
import { BillFilters } from './bill-filters.tsx';
import styles from './bills.module.css';

/** docs/product.md: pay states 0 and 2 are highlighted (unpaid, closed); paid is the quiet normal. */
const PAY_STATE_COLOR: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'error' };

/** The software bill (page 268): the tenant's orders, newest first. */
export function SoftwareBill() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...SOFTWARE_BILL_LIST, query: (state) => softwareBillQuery(state, language) });
  const { filters } = list;
  const money = (value: string) => <span className={styles.amount}>{t('bills.money', { amount: value })}</span>;

  const columns: DataColumn<TSoftwareBillRow>[] = [
    {
      title: t('bills.software.columns.order_code'),
      dataIndex: 'order_code',
      width: 170,
      render: (code: string) => <span data-testid="software-row-code">{code}</span>,
    },
    {
      // The kind of purchase and the package type in one cell, so the item's title has room.
      title: `${t('bills.software.columns.transaction_type_name')} / ${t('bills.software.columns.package_type_name')}`,
      key: 'type',
      width: 150,
      render: (_, row) => (
        <span className={styles.stack}>
          <span>{row.transaction_type_name}</span>
          <Typography.Text type="secondary">{row.package_type_name}</Typography.Text>
        </span>
      ),
    },
    { title: t('bills.software.columns.title'), dataIndex: 'title' },
    {
      title: t('bills.software.columns.order_price'),
      dataIndex: 'order_price',
      width: 100,
      align: 'right',
      render: money,
    },
    { title: t('bills.software.columns.margin'), dataIndex: 'margin', width: 90, align: 'right', render: money },
    {
      title: t('bills.software.columns.pay_state'),
      dataIndex: 'pay_state',
      width: 150,
      render: (state: number, row) => (
        <>
          <Tag color={PAY_STATE_COLOR[state] ?? 'default'} bordered={false} data-testid="software-row-state">
            {t(`bills.software.payState.${state}`, { defaultValue: String(state) })}
          </Tag>
          {row.refund_state !== 'none' ? (
            // The refund shows on the order's row: what was given back, and whether in part or in full.
            <Tag
              color="magenta"
              bordered={false}
              data-testid="software-row-refund"
              title={t('bills.software.refunded', { amount: row.refund_amount })}
            >
              {t(`bills.software.refundStates.${row.refund_state}`)} ¥{row.refund_amount}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('bills.software.columns.user_name'), dataIndex: 'user_name', width: 110 },
    {
      title: t('bills.software.columns.create_time'),
      dataIndex: 'create_time',
      width: 140,
      render: (value: string) => <span className={styles.nowrap}>{formatDateTime(value)}</span>,
    },
  ];

  return (
    <div data-testid="software-bill">
      <BillFilters
        testId="software"
        code={filters.order_code}
        codeLabel={t('bills.software.columns.order_code')}
        onSearch={(order_code) => list.setFilters({ order_code })}
        range={filters.created}
        onRangeChange={(created) => list.setFilters({ created })}
        onReset={list.resetFilters}
      >
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.software.filters.packagePayType')}
          aria-label={t('bills.software.filters.packagePayType')}
          value={filters.package_pay_type}
          onChange={(package_pay_type) => list.setFilters({ package_pay_type })}
          options={PACKAGE_PAY_TYPES.map((value) => ({ value, label: t(`bills.software.packageType.${value}`) }))}
          data-testid="software-package-type"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.software.filters.payState')}
          aria-label={t('bills.software.filters.payState')}
          value={filters.pay_state}
          onChange={(pay_state) => list.setFilters({ pay_state })}
          options={PAY_STATES.map((value) => ({ value, label: t(`bills.software.payState.${value}`) }))}
          data-testid="software-pay-state"
        />
        <Select
          className={styles.filter}
          allowClear
          placeholder={t('bills.software.filters.payType')}
          aria-label={t('bills.software.filters.payType')}
          value={filters.pay_type}
          onChange={(pay_type) => list.setFilters({ pay_type })}
          options={ORDER_PAY_TYPES.map((value) => ({ value, label: t(`bills.software.payType.${value}`) }))}
          data-testid="software-pay-type"
        />
      </BillFilters>
      <ServerTable<TSoftwareBillRow>
        list={list}
        rowKey="order_code"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 1000 }}
        emptyText={t('bills.empty')}
        caption={t('bills.tabs.SOFTBILL')}
        data-testid="software-table"
      />
    </div>
  );
}
