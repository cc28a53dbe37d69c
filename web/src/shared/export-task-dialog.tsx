import { Button, Modal, Progress, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ExportTaskRow } from './export-task-row.ts';

export type { ExportTaskRow };

const STATE_COLORS: Record<ExportTaskRow['state'], string> = {
  waiting: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * The export download list dialog shared by the bills (spec 02 section 2.4, spec 03): newest
 * first, a progress bar while a task runs, the reason of a failure in a tooltip, and the
 * download only once the file is done. The caller owns the query (and its polling); texts come
 * from `ns` (`<ns>.title`, `.fileName`, `.createdAt`, `.status`, `.action`, `.download`,
 * `.empty`, `.states.<state>`).
 */
export function ExportTaskDialog(props: {
  ns: string;
  open: boolean;
  onClose: () => void;
  rows: readonly ExportTaskRow[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { ns } = props;
  const columns: TableColumnsType<ExportTaskRow> = [
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
      <Table<ExportTaskRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...props.rows]}
        loading={props.loading}
        locale={{ emptyText: t(`${ns}.empty`) }}
        pagination={{
          current: props.page,
          pageSize: props.pageSize,
          total: props.total,
          showSizeChanger: false,
          onChange: props.onPage,
        }}
        data-testid="export-table"
      />
    </Modal>
  );
}
