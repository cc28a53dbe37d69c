import type { Figure } from './types.ts';

function format(value: number, unit: string): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = unit === 'req/s' || unit === 'ms' ? (value >= 100 ? 0 : 1) : unit === 'KB' ? 1 : 2;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

export function meetsBudget(figure: Figure): boolean | undefined {
  if (!figure.budget) return undefined;
  return figure.budget.op === '<=' ? figure.value <= figure.budget.value : figure.value >= figure.budget.value;
}

/** The report: one row per figure, its budget, its share of hello-world, and whether it holds. */
export function printReport(figures: readonly Figure[]): void {
  const rows = figures.map((f) => {
    const ok = meetsBudget(f);
    return [
      f.scenario,
      f.database ?? '',
      f.name,
      format(f.value, f.unit),
      f.budget ? `${f.budget.op === '<=' ? '<=' : '>='} ${format(f.budget.value, f.unit)}` : '',
      f.ofHello === undefined ? '' : `${(f.ofHello * 100).toFixed(1)}%`,
      ok === undefined ? '' : ok ? 'ok' : 'MISS',
      f.note ?? '',
    ];
  });
  const header = ['scenario', 'database', 'figure', 'value', 'budget', 'of hello', 'budget met', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 3 || i === 4 || i === 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}
