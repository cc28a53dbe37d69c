import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerChartParts, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

export type { EChartsCoreOption as ChartOption };

// Only the parts the product draws, so the lazy chunks that import this stay small. Import this
// file only from lazily loaded components: echarts must stay out of the first pages' bundle.
registerChartParts([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** One echarts chart, drawn as SVG, resized with the window; `label` describes it to screen readers. */
export function Chart({
  option,
  label,
  testId,
  className,
  style,
}: {
  option: EChartsCoreOption;
  label: string;
  testId: string;
  className?: string;
  style?: CSSProperties;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = init(ref.current, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} className={className} style={style} role="img" aria-label={label} data-testid={testId} />;
}
