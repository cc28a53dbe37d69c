import { useEffect, useId, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { PageSpinner } from './page-spinner.tsx';
import styles from './data-table.module.css';

/** A column: antd's column shape, the part of it the app's tables use. */
export type DataColumn<R> = {
  /** The row's field shown (and handed to `render`); a column without one needs a `key`. */
  dataIndex?: keyof R & string;
  key?: string;
  title: ReactNode;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** One line cut with '…'; the whole text as the cell's tooltip unless `showTitle` is false. */
  ellipsis?: boolean | { showTitle?: boolean };
  /** Kept in view at the end of a table that scrolls sideways. */
  fixed?: 'right';
  // A method, so a column may name the type of its value (`(name: string, row) => …`).
  render?(value: unknown, row: R, index: number): ReactNode;
};

export type DataTableProps<R> = {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (keyof R & string) | ((row: R) => Key);
  /** What the table lists, for screen readers (drawn hidden; the page shows it in its own words). */
  caption: string;
  /** No rows yet: a spinner in their place. */
  loading?: boolean;
  /** Rows on show are being replaced: they fade (after a moment, so a quick answer does not flicker). */
  busy?: boolean;
  /** Said in place of the rows when there are none (or why they could not be loaded). */
  empty: ReactNode;
  /** 'middle' for a handful of rows in a card; the lists use the default, roomier size. */
  size?: 'default' | 'middle';
  /** Column widths as given instead of fitted to the content. */
  tableLayout?: 'auto' | 'fixed';
  /** The least width before the table scrolls sideways; a height past which the rows scroll under the header. */
  scroll?: { x?: number; y?: number };
  /** Rows opened under their row; there is no expand column, the page opens them from a cell. */
  expandable?: {
    expandedRowKeys: readonly Key[];
    expandedRowRender: (row: R) => ReactNode;
    rowExpandable?: (row: R) => boolean;
  };
  'data-testid'?: string;
};

function keyOf<R>(row: R, rowKey: DataTableProps<R>['rowKey']): Key {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key);
}

function alignStyle(align: DataColumn<unknown>['align']): CSSProperties | undefined {
  return align && align !== 'left' ? { textAlign: align } : undefined;
}

/** The tooltip of a cut cell: its text, when it is text. */
function titleOf(ellipsis: DataColumn<unknown>['ellipsis'], content: ReactNode): string | undefined {
  if (!ellipsis || (typeof ellipsis === 'object' && ellipsis.showTitle === false)) return undefined;
  return typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
}

/**
 * Of a box that scrolls sideways: its visible width (opened rows keep to it, as antd's do) and
 * whether content is hidden past its end (the fixed column then casts antd's shadow over it).
 */
function useScrollBox(box: HTMLDivElement | null): { width: number | undefined; hiddenAtEnd: boolean } {
  const [width, setWidth] = useState<number>();
  const [hiddenAtEnd, setHiddenAtEnd] = useState(false);
  useEffect(() => {
    if (!box) return;
    const update = () => {
      setWidth(box.clientWidth);
      setHiddenAtEnd(Math.abs(box.scrollLeft) + box.clientWidth < box.scrollWidth - 1);
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [box]);
  return { width, hiddenAtEnd };
}

/**
 * A semantic table drawn like antd's Table: a hidden caption, column headers, antd's spacing,
 * rules, hover and fixed last column, rows opened under their row, and a box that scrolls
 * sideways (and under a sticky header) which the keyboard can scroll too. antd's Table would be
 * most of a list page's JavaScript; the app's tables use only this much of it.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  caption,
  loading = false,
  busy = false,
  empty,
  size = 'default',
  tableLayout = 'auto',
  scroll,
  expandable,
  'data-testid': testId,
}: DataTableProps<R>) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { width: visibleWidth, hiddenAtEnd } = useScrollBox(scroll ? box : null);
  const captionId = useId();
  const fixedClass = (column: DataColumn<R>) =>
    column.fixed ? `${styles.fixedEnd} ${hiddenAtEnd ? styles.shadow : ''}` : undefined;
  const tableStyle: CSSProperties = { tableLayout, minWidth: scroll?.x };
  const placeholder = loading || rows.length === 0;

  return (
    <div className={styles.wrapper} data-testid={testId}>
      <div
        ref={setBox}
        className={scroll ? styles.scroll : undefined}
        style={
          scroll
            ? ({ maxHeight: scroll.y, '--visible-width': visibleWidth ? `${visibleWidth}px` : '100%' } as CSSProperties)
            : undefined
        }
        // A box that scrolls is a named stop for the keyboard (axe: scrollable-region-focusable).
        {...(scroll ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
      >
        <table
          className={`${styles.table} ${size === 'middle' ? styles.middle : ''} ${busy && !placeholder ? styles.busy : ''}`}
          style={tableStyle}
          aria-busy={loading || busy || undefined}
        >
          <caption id={captionId} className={styles.caption}>
            {caption}
          </caption>
          <colgroup>
            {columns.map((column, i) => (
              <col
                key={column.key ?? column.dataIndex ?? i}
                style={column.width ? { width: column.width } : undefined}
              />
            ))}
          </colgroup>
          <thead className={scroll?.y ? styles.stickyHead : undefined}>
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column.key ?? column.dataIndex ?? i}
                  scope="col"
                  className={fixedClass(column)}
                  style={alignStyle(column.align)}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {placeholder ? (
              <tr className={styles.placeholder}>
                <td colSpan={columns.length}>
                  <div className={styles.placeholderContent}>{loading ? <PageSpinner /> : empty}</div>
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const key = keyOf(row, rowKey);
                const open = expandable?.expandedRowKeys.includes(key) && (expandable.rowExpandable?.(row) ?? true);
                return (
                  <RowWithDetails
                    key={key}
                    rowKey={key}
                    details={open ? expandable!.expandedRowRender(row) : undefined}
                    span={columns.length}
                  >
                    {columns.map((column, i) => {
                      const value = column.dataIndex ? row[column.dataIndex] : undefined;
                      const content = column.render ? column.render(value, row, index) : (value as ReactNode);
                      return (
                        <td
                          key={column.key ?? column.dataIndex ?? i}
                          className={`${column.ellipsis ? styles.ellipsis : ''} ${fixedClass(column) ?? ''}`}
                          style={alignStyle(column.align)}
                          title={titleOf(column.ellipsis, content)}
                        >
                          {content}
                        </td>
                      );
                    })}
                  </RowWithDetails>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A row, and under it the row opened for its details when there are any. */
function RowWithDetails({
  rowKey,
  details,
  span,
  children,
}: {
  rowKey: Key;
  details: ReactNode;
  span: number;
  children: ReactNode;
}) {
  return (
    <>
      <tr data-row-key={rowKey} className={styles.row}>
        {children}
      </tr>
      {details !== undefined ? (
        <tr className={styles.details}>
          <td colSpan={span}>
            <div className={styles.detailsContent}>{details}</div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
