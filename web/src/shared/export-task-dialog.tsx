import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Modal, Progress, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './components/data-table.tsx';
import type { ExportTaskRow } from './export-task-row.ts';
import { ServerTable } from './list/server-table.tsx';
import { dialogList, type ServerPage } from './list/use-server-list.ts';

export type { ExportTaskRow };

const STATE_COLORS: Record<ExportTaskRow['state'], string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * The export download list dialog shared by the bills (docs/product.md, docs/product.md): newest
 * first, a progress bar while a task runs, the reason of a failure in a tooltip, and the
 * download only once the file is done, through the list kit (a failed load says why, with a
 * retry). The caller owns the query (and its polling), its rows shaped as `ExportTaskRow`; texts come
 * from `ns` (`<ns>.title`, `.fileName`, `.createdAt`, `.status`, `.action`, `.download`,
 * `.empty`, `.states.<state>`).
 */
export function ExportTaskDialog(props: {
  ns: string;
  open: boolean;
  onClose: () => void;
  query: UseQueryResult<ServerPage<ExportTaskRow>, Error>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { ns } = props;
  const columns: DataColumn<ExportTaskRow>[] = [
    { title: t(`${ns}.fileName`), dataIndex: 'fileName', ellipsis: { showTitle: true } },
    { title: t(`${ns}.createdAt`), dataIndex: 'createdAt', width: 170 },
    {
      title: t(`${ns}.status`),
      dataIndex: 'state',
      width: 190,
      render: (state: ExportTaskRow['state'], task) => {
        if (state === 'running')
          return <Progress percent={task.progress} size="small" aria-label={t(`${ns}.states.running`)} />;
        const tag = <Tag color={STATE_COLORS[state]}>{t(`${ns}.states.${state}`)}</Tag>;
        return state === 'failed' && task.note ? <Tooltip title={task.note}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t(`${ns}.action`),
      key: 'action',
      width: 110,
      render: (_, task) =>
        task.state === 'done' && task.url ? (
          <Button type="link" href={task.url} download={task.fileName} data-testid={`export-download-${task.id}`}>
            {t(`${ns}.download`)}
          </Button>
        ) : null,
    },
  ];
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      width={760}
      title={t(`${ns}.title`)}
      destroyOnHidden
      data-testid="export-dialog"
    >
      <ServerTable<ExportTaskRow>
        list={dialogList(props.query, { page: props.page, pageSize: props.pageSize, setPage: props.onPage })}
        rowKey="id"
        size="middle"
        columns={columns}
        emptyText={t(`${ns}.empty`)}
        caption={t(`${ns}.title`)}
        data-testid="export-table"
      />
    </Modal>
  );
}
