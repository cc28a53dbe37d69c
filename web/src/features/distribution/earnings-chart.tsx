import type { TEarnings } from '@seller-centre/contract/distribution';
import { useMemo } from 'react';
import { Chart, type ChartOption } from '../../shared/chart.tsx';

/**
 * Commission per month as bars (echarts, loaded with this file only when the page shows it).
 * The chart carries a text description for screen readers.
 */
export default function EarningsChart({
  months,
  label,
  description,
}: {
  months: TEarnings;
  label: string;
  description: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `¥${Number(value).toFixed(2)}` },
      grid: { left: 60, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: { type: 'value', min: 0 },
      series: [
        {
          name: label,
          type: 'bar',
          data: months.map((m) => Number(m.amount)),
          itemStyle: { color: '#1677ff', borderRadius: [4, 4, 0, 0] },
        },
      ],
    }),
    [months, label],
  );
  return <Chart option={option} label={description} testId="earnings-chart" style={{ height: 200 }} />;
}
