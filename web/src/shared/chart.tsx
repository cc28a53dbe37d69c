import { nice, ticks } from 'd3-array';
import { useState, type CSSProperties } from 'react';
import { formatCount } from './format.ts';
import styles from './chart.module.css';

// The product's charts are a few bars and a line over days or months, and shares of a total:
// drawn here as SVG and HTML, with no chart library. One such library (echarts) weighed 190 kB
// compressed and took a phone's processor 1.5 s at 4x slowdown before the chart showed; this file
// draws the same in a few milliseconds and is shown with the page's first paint.

export type ChartSeries = {
  name: string;
  kind: 'line' | 'bar';
  values: readonly number[];
  /** A value as the hover readout shows it (`12.50 CNY`). */
  format: (value: number) => string;
  /** The axis the series is read against: the start one (left) or the end one (right). */
  axis?: 'start' | 'end';
};

type Scale = { ticks: number[]; position: (value: number) => number };

const TICK_COUNT = 4;

/** A value axis from 0 (or below) to the series' largest value, in round steps: value → 0..100. */
function scaleOf(series: readonly ChartSeries[]): Scale | undefined {
  if (series.length === 0) return undefined;
  const values = series.flatMap((s) => s.values);
  const [low, high] = nice(Math.min(0, ...values), Math.max(0, ...values, 1), TICK_COUNT);
  return {
    ticks: ticks(low, high, TICK_COUNT),
    position: (value) => ((value - low) / (high - low)) * 100,
  };
}

/** A tick's label: whole values with thousands separators, others with at most two decimals. */
function tickLabel(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : String(Number(value.toFixed(2)));
}

function Axis({ scale, side }: { scale: Scale | undefined; side: 'start' | 'end' }) {
  if (!scale) return <div className={styles.axisNone} />;
  const labels = scale.ticks.map(tickLabel);
  // As wide as its longest label: the labels are placed on their own, out of the flow.
  const width = `${Math.max(...labels.map((label) => label.length))}ch`;
  return (
    <div className={`${styles.axis} ${side === 'end' ? styles.axisEnd : ''}`} style={{ width }} aria-hidden>
      {scale.ticks.map((tick, i) => (
        <span key={tick} className={styles.tick} style={{ top: `${100 - scale.position(tick)}%` }}>
          {labels[i]}
        </span>
      ))}
    </div>
  );
}

/** At most this many category labels under the plot: every second, third… one when there are more. */
const MAX_LABELS = 7;

/**
 * Categories (days, months) across, with bars and lines against one or two value axes; pointing
 * at (or tapping) a category shows its values. `label` describes the chart to screen readers.
 */
export function Chart({
  categories,
  series,
  label,
  testId,
  className,
  style,
}: {
  categories: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  testId: string;
  className?: string;
  style?: CSSProperties;
}) {
  const [pointed, setPointed] = useState<number | undefined>(undefined);
  const count = categories.length;
  const start = scaleOf(series.filter((s) => s.axis !== 'end'));
  const end = scaleOf(series.filter((s) => s.axis === 'end'));
  const scaleFor = (s: ChartSeries) => (s.axis === 'end' ? end : start)!;
  const bars = series.filter((s) => s.kind === 'bar');
  const lines = series.filter((s) => s.kind === 'line');
  const barClass = lines.length > 0 ? `${styles.bar} ${styles.barBesideLine}` : styles.bar;
  const labelEvery = Math.ceil(count / MAX_LABELS);
  const point = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * count);
    setPointed(Math.min(count - 1, Math.max(0, index)));
  };
  // The readout stays inside the plot: from the left edge on the first third, to the right one on the last.
  const readoutShift = pointed === undefined ? 0 : pointed < count / 3 ? 0 : pointed >= (2 * count) / 3 ? -100 : -50;
  return (
    <div
      className={`${styles.chart} ${className ?? ''}`}
      style={style}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <div className={styles.frame}>
        <Axis scale={start} side="start" />
        <div
          className={styles.plot}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setPointed(undefined)}
        >
          {/* One unit across per category and 0..100 up: the browser stretches it to the box. */}
          <svg viewBox={`0 0 ${count} 100`} preserveAspectRatio="none" aria-hidden>
            {start?.ticks.map((tick) => (
              <line
                key={tick}
                className={styles.gridLine}
                x1={0}
                x2={count}
                y1={100 - start.position(tick)}
                y2={100 - start.position(tick)}
              />
            ))}
            {pointed !== undefined && <rect className={styles.pointed} x={pointed} width={1} y={0} height={100} />}
            {bars.map((s, b) => {
              const scale = scaleFor(s);
              const width = 0.6 / bars.length;
              return s.values.map((value, i) => {
                const top = 100 - scale.position(Math.max(value, 0));
                const bottom = 100 - scale.position(Math.min(value, 0));
                return (
                  <rect
                    key={`${s.name}-${i}`}
                    className={barClass}
                    x={i + 0.2 + b * width}
                    width={width}
                    y={top}
                    height={bottom - top}
                  />
                );
              });
            })}
            {lines.map((s) => (
              <polyline
                key={s.name}
                className={styles.line}
                points={s.values.map((value, i) => `${i + 0.5},${100 - scaleFor(s).position(value)}`).join(' ')}
              />
            ))}
          </svg>
          {pointed !== undefined && (
            <div
              className={styles.readout}
              style={{ left: `${((pointed + 0.5) / count) * 100}%`, transform: `translateX(${readoutShift}%)` }}
              data-testid={`${testId}-readout`}
            >
              <div className={styles.readoutTitle}>{categories[pointed]}</div>
              {series.map((s) => (
                <div key={s.name}>
                  {s.name}: {s.format(s.values[pointed]!)}
                </div>
              ))}
            </div>
          )}
        </div>
        <Axis scale={end} side="end" />
        <div />
        <div className={styles.categories} aria-hidden>
          {categories.map((category, i) => (
            <span key={category}>{i % labelEvery === 0 ? category : ''}</span>
          ))}
        </div>
      </div>
      {series.length > 1 && (
        <div className={styles.legend} aria-hidden>
          {series.map((s) => (
            <span key={s.name} className={styles.legendItem}>
              <span className={s.kind === 'line' ? styles.swatchLine : styles.swatchBar} />
              {s.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** Parts of a total, largest first, each as a bar of the largest's length with its value written out. */
export function Shares({
  parts,
  label,
  testId,
  className,
}: {
  parts: readonly { name: string; value: number; shown: string }[];
  label: string;
  testId: string;
  className?: string;
}) {
  const sorted = [...parts].sort((a, b) => b.value - a.value);
  const largest = Math.max(...sorted.map((p) => p.value), 0);
  return (
    <ul className={`${styles.shares} ${className ?? ''}`} aria-label={label} data-testid={testId}>
      {sorted.map((part) => (
        <li key={part.name} className={styles.share}>
          <span className={styles.shareName}>{part.name}</span>
          <span className={styles.shareValue}>{part.shown}</span>
          <span className={styles.shareTrack} aria-hidden>
            <span
              className={styles.shareBar}
              style={{ width: `${largest > 0 ? (Math.max(part.value, 0) / largest) * 100 : 0}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
