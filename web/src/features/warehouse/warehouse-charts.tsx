import type { TLanguage } from '@seller-centre/contract/i18n';
import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart, Shares, type ChartSeries } from '../../shared/chart.tsx';
import { useHydrated } from '../../shared/hydrated.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { dayRangeInstants } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';
import { wmsQuery } from './api.ts';
import styles from './warehouse.module.css';

/** The flow's selected range at a glance: balance over time with daily spend, and spend by fee type. */
export default function WarehouseCharts({ wwsId, range }: { wwsId: number; range: DateRange }) {
  const { t } = useTranslation();
  const language: TLanguage = useLanguage();
  // Drawn by the server, the page has no range yet (it depends on the reader's clock): the charts'
  // box holds their place until the browser has taken the page over.
  const hydrated = useHydrated();
  const bounds = dayRangeInstants(range);
  const summary = useQuery({
    ...wmsQuery('getFlowSummary', wwsId, { addDateFrom: bounds?.start ?? '', addDateEnd: bounds?.end ?? '' }, language),
    enabled: bounds !== undefined,
  });
  if (!hydrated) return <div className={styles.chartsPending} />;
  if (!bounds) return null;
  if (!summary.data) return <div className={styles.chartsPending} />;
  const { days, byFeeType } = summary.data;
  if (days.length === 0)
    return (
      <Empty
        className={styles.chartsEmpty}
        description={t('warehouse.charts.noData')}
        data-testid="warehouse-charts-empty"
      />
    );
  const balanceLabel = t('warehouse.charts.balance');
  const spendLabel = t('warehouse.charts.spend');
  const yuan = (value: number) => `${value.toFixed(2)} CNY`;
  const trend: ChartSeries[] = [
    { name: t('warehouse.balance'), kind: 'line', values: days.map((d) => Number(d.balance)), format: yuan },
    { name: spendLabel, kind: 'bar', axis: 'end', values: days.map((d) => Number(d.spend)), format: yuan },
  ];
  const byType = byFeeType.map((f) => ({
    name: language === 'zh' ? f.ft_name_cn : f.ft_name_en,
    value: Number(f.amount),
    shown: `${f.amount} CNY`,
  }));
  return (
    <div className={styles.charts} data-testid="warehouse-charts">
      <div>
        <div className={styles.chartTitle}>{balanceLabel}</div>
        <Chart
          categories={days.map((d) => d.day.slice(5))}
          series={trend}
          label={balanceLabel}
          testId="warehouse-chart-balance"
          className={styles.chart}
        />
      </div>
      <div>
        <div className={styles.chartTitle}>{t('warehouse.charts.spendByType')}</div>
        <Shares
          parts={byType}
          label={t('warehouse.charts.spendByType')}
          testId="warehouse-chart-by-type"
          className={styles.chart}
        />
      </div>
    </div>
  );
}
