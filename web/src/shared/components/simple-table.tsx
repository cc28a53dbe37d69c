import type { CSSProperties, Key, ReactNode } from 'react';
import { PageSpinner } from './page-spinner.tsx';
import styles from './simple-table.module.css';

export type SimpleColumn<R> = {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  width?: number;
  render: (row: R) => ReactNode;
};

/**
 * A small, unpaged table of a few rows, drawn like antd's middle-sized Table: for cards that
 * show a handful of rows, where antd's Table (with its pager, filters and their dropdowns) would
 * be most of the page's JavaScript.
 */
export function SimpleTable<R>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  'data-testid': testId,
}: {
  columns: readonly SimpleColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => Key;
  loading: boolean;
  empty: ReactNode;
  'data-testid'?: string;
}) {
  const cellStyle = (column: SimpleColumn<R>): CSSProperties | undefined =>
    column.align === 'right' ? { textAlign: 'right' } : undefined;
  return (
    <div data-testid={testId}>
      <table className={styles.table} aria-busy={loading || undefined}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" style={cellStyle(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading || rows.length === 0 ? (
            <tr className={styles.placeholder}>
              <td colSpan={columns.length}>{loading ? <PageSpinner /> : empty}</td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key} data-row-key={key}>
                  {columns.map((column) => (
                    <td key={column.key} style={cellStyle(column)}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
