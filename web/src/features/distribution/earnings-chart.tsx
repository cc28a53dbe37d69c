import type { TEarnings } from '@seller-centre/contract/distribution';
import { Chart } from '../../shared/chart.tsx';

/** Commission per month as bars; the chart carries a text description for screen readers. */
export default function EarningsChart({
  months,
  label,
  description,
}: {
  months: TEarnings;
  label: string;
  description: string;
}) {
  return (
    <Chart
      categories={months.map((m) => m.month)}
      series={[
        { name: label, kind: 'bar', values: months.map((m) => Number(m.amount)), format: (v) => `¥${v.toFixed(2)}` },
      ]}
      label={description}
      testId="earnings-chart"
      style={{ height: 200 }}
    />
  );
}
