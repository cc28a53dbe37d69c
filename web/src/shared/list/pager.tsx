import { DoubleLeftOutlined, DoubleRightOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pagerItems } from './pager-items.ts';
import styles from './pager.module.css';

export type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  /** A new page, or page 1 in a new size. */
  onChange: (page: number, pageSize: number) => void;
  /** The line before the pages ('N roles in all'). */
  totalText: string;
  /** A box to type a page number in, on the lists whose spec has one. */
  quickJumper?: boolean;
};

/**
 * The pager under a list, drawn like antd's Pagination: the total, previous and next, the page
 * buttons (the current one marked for screen readers), the page size and the 'go to page' box.
 * Plain buttons, a native select and an input: every part works from the keyboard.
 */
export function Pager({ page, pageSize, total, pageSizes, onChange, totalText, quickJumper = false }: PagerProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const go = (to: number) => {
    if (to !== page) onChange(to, pageSize);
  };

  return (
    <nav className={styles.pager} aria-label={t('list.pager.label')}>
      <span className={styles.total}>{totalText}</span>
      <ul className={styles.items}>
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            aria-label={t('list.pager.prev')}
            title={t('list.pager.prev')}
          >
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pagerItems(page, pageCount).map((item) =>
          item.kind === 'page' ? (
            <li key={item.page}>
              <button
                type="button"
                className={item.page === page ? `${styles.item} ${styles.current}` : styles.item}
                onClick={() => go(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('list.pager.page', { page: item.page })}
                title={String(item.page)}
              >
                {item.page}
              </button>
            </li>
          ) : (
            <li key={item.kind}>
              <button
                type="button"
                className={`${styles.item} ${styles.jump}`}
                onClick={() => go(item.page)}
                aria-label={t(item.kind === 'jump-prev' ? 'list.pager.prev5' : 'list.pager.next5')}
                title={t(item.kind === 'jump-prev' ? 'list.pager.prev5' : 'list.pager.next5')}
              >
                <span className={styles.dots} aria-hidden>
                  •••
                </span>
                {item.kind === 'jump-prev' ? (
                  <DoubleLeftOutlined className={styles.arrows} aria-hidden />
                ) : (
                  <DoubleRightOutlined className={styles.arrows} aria-hidden />
                )}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
            aria-label={t('list.pager.next')}
            title={t('list.pager.next')}
          >
            <RightOutlined aria-hidden />
          </button>
        </li>
      </ul>
      {pageSizes.length > 1 ? (
        <span className={styles.sizeBox}>
          <select
            className={styles.size}
            value={pageSize}
            onChange={(event) => onChange(1, Number(event.target.value))}
            aria-label={t('list.pager.pageSize')}
            data-testid="pager-size"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {t('list.pager.perPage', { size })}
              </option>
            ))}
          </select>
          <DownOutlined className={styles.sizeArrow} aria-hidden />
        </span>
      ) : null}
      {quickJumper && pageCount > 1 ? <QuickJumper pageCount={pageCount} onJump={go} /> : null}
    </nav>
  );
}

/** 'Go to page [ ]': jumps on Enter or on leaving the box; a number out of range goes to the nearest end. */
function QuickJumper({ pageCount, onJump }: { pageCount: number; onJump: (page: number) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const jump = () => {
    const wanted = Number.parseInt(draft, 10);
    setDraft('');
    if (Number.isFinite(wanted)) onJump(Math.min(pageCount, Math.max(1, wanted)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') jump();
  };
  return (
    <label className={styles.jumper}>
      {t('list.pager.jumpTo')}
      <input
        className={styles.jumperInput}
        inputMode="numeric"
        value={draft}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onKeyDown={onKeyDown}
        onBlur={() => draft && jump()}
        aria-label={t('list.pager.jumpToLabel', { pages: pageCount })}
        data-testid="pager-jumper"
      />
      {t('list.pager.pageUnit')}
    </label>
  );
}
