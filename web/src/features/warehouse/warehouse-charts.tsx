import type { TLanguage } from '@seller-centre/contract/i18n';
import { useQuery } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart as SharedChart, type ChartOption as EChartsCoreOption } from '../../shared/chart.tsx';
import { useLanguage } from '../../shared/i18n.ts';
import { dayRangeInstants } from '../../shared/list/date-ranges.ts';
import type { DateRange } from '../../shared/list/list-state.ts';
import { wmsQuery } from './api.ts';
import styles from './warehouse.module.css';

function Chart({ option, label, testId }: { option: EChartsCoreOption; label: string; testId: string }) {
  return <SharedChart option={option} label={label} testId={testId} className={styles.chart} />;
}

/** The flow's selected range at a glance: balance over time with daily spend, and spend by fee type. */
export default function WarehouseCharts({ wwsId, range }: { wwsId: number; range: DateRange }) {
  const { t } = useTranslation();
  const language: TLanguage = useLanguage();
  const bounds = dayRangeInstants(range);
  const summary = useQuery({
    ...wmsQuery('getFlowSummary', wwsId, { addDateFrom: bounds?.start ?? '', addDateEnd: bounds?.end ?? '' }, language),
    enabled: bounds !== undefined,
  });
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
  const trend: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { data: [balanceLabel, spendLabel], bottom: 0 },
    grid: { left: 60, right: 60, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
    series: [
      { name: balanceLabel, type: 'line', smooth: true, data: days.map((d) => Number(d.balance)) },
      {
        name: spendLabel,
        type: 'bar',
        yAxisIndex: 1,
        data: days.map((d) => Number(d.spend)),
        itemStyle: { opacity: 0.6 },
      },
    ],
  };
  const byType: EChartsCoreOption = {
    tooltip: { trigger: 'item', valueFormatter: (v: unknown) => `${Number(v).toFixed(2)} CNY` },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['35%', '50%'],
        label: { show: false },
        data: byFeeType.map((f) => ({
          name: language === 'zh' ? f.ft_name_cn : f.ft_name_en,
          value: Number(f.amount),
        })),
      },
    ],
  };
  return (
    <div className={styles.charts} data-testid="warehouse-charts">
      <div>
        <div className={styles.chartTitle}>{balanceLabel}</div>
        <Chart option={trend} label={balanceLabel} testId="warehouse-chart-balance" />
      </div>
      <div>
        <div className={styles.chartTitle}>{t('warehouse.charts.spendByType')}</div>
        <Chart option={byType} label={t('warehouse.charts.spendByType')} testId="warehouse-chart-by-type" />
      </div>
    </div>
  );
}
