import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client.ts';
import { DataTable, type DataTableProps } from '../components/data-table.tsx';
import { Pager } from './pager.tsx';
import styles from './server-table.module.css';
import type { TableList } from './use-server-list.ts';

export type ServerTableProps<R> = Omit<DataTableProps<R>, 'rows' | 'loading' | 'busy' | 'empty'> & {
  list: TableList<R>;
  /** The pager's total line ('N roles in all'); default `list.total`. */
  showTotal?: (total: number) => string;
  /** The contract's jumper ('go to page'), on the lists that have one. */
  quickJumper?: boolean;
  /** What an empty answer says; default 'no data' in the current language. */
  emptyText?: ReactNode;
};

/** Why a load failed, in the user's language (the API client has already translated it). */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.msg : fallback;
}

/** Said in place of the rows when a page could not be loaded: the reason and a retry. */
export function ListLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.error} role="alert" data-testid="list-error">
      <WarningOutlined className={styles.errorIcon} aria-hidden />
      <div className={styles.errorTitle}>{t('list.loadFailed')}</div>
      <div className={styles.errorReason} data-testid="list-error-reason">
        {messageOf(error, t('errors.serviceException'))}
      </div>
      <Button icon={<ReloadOutlined />} onClick={onRetry} loading={retrying} data-testid="list-retry">
        {t('list.retry')}
      </Button>
    </div>
  );
}

/** What a table needs of the query its rows come from: whether they are loading, and why they failed. */
type RowsQuery = Pick<UseQueryResult<unknown, Error>, 'isPending' | 'isFetching' | 'isError' | 'error' | 'refetch'>;

export type LocalTableProps<R> = Omit<DataTableProps<R>, 'rows' | 'loading' | 'busy' | 'empty'> & {
  /** The query that loads the rows (or the record they belong to). */
  query: RowsQuery;
  /** The rows, all of them: nothing is paged. Undefined while the query has no answer. */
  rows: readonly R[] | undefined;
  /** What an empty answer says; default 'no data' in the current language. */
  emptyText?: ReactNode;
};

/**
 * The table of a short list loaded whole in one call (a catalogue, a record's notifications): the
 * same loading, empty and failed states as `ServerTable`, without a pager. A list the server
 * pages goes through `useServerList` and `ServerTable` instead, so its page lives in the URL.
 */
export function LocalTable<R>({ query, rows, emptyText, ...tableProps }: LocalTableProps<R>) {
  const failed = query.isError;
  return (
    <DataTable<R>
      {...tableProps}
      rows={failed ? [] : (rows ?? [])}
      loading={!failed && query.isPending}
      busy={!failed && query.isFetching && !query.isPending}
      empty={
        failed ? (
          <ListLoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          // antd's 'no data' in the current language when the page has nothing of its own to say.
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        )
      }
    />
  );
}

/**
 * The table of a server-paged list (`useServerList`): the contract's pager (sizes, total, jumper),
 * the old page kept on screen while the next loads, the empty state, and a failed load shown as
 * its reason with a retry button, never as 'no data'.
 */
export function ServerTable<R>({
  list,
  showTotal,
  quickJumper = false,
  emptyText,
  ...tableProps
}: ServerTableProps<R>) {
  const { t } = useTranslation();
  const { query, state } = list;
  const failed = query.isError;
  return (
    // One block, so a page's gap between its parts does not open between the rows and their pager.
    <div>
      <LocalTable<R> {...tableProps} query={query} rows={list.rows} emptyText={emptyText} />
      {failed || list.total === 0 ? null : (
        <Pager
          page={state.page}
          pageSize={state.limit}
          total={list.total}
          pageSizes={list.pageSizes}
          onChange={(page, pageSize) => list.setPage(page, pageSize)}
          totalText={(showTotal ?? ((total) => t('list.total', { total })))(list.total)}
          quickJumper={quickJumper}
        />
      )}
    </div>
  );
}
