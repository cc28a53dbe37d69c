import { Button, Modal, Progress, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportTasksQuery, type ExportTask } from './third-party-api.ts';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error' };

/**
 * The export download dialog (spec 03): the tenant's exports, newest first, 20 a page; a
 * running export shows its progress and the list looks again every 2 s; the download link only
 * once the file is done (status 3).
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...exportTasksQuery(page),
    enabled: open,
    refetchInterval: (q) => (q.state.data?.data.some((task) => task.status === 1 || task.status === 2) ? 2000 : false),
  });
  const columns: TableColumnsType<ExportTask> = [
    { title: t('bills.exports.fileName'), dataIndex: 'file_name', ellipsis: { showTitle: true } },
    { title: t('bills.exports.createdAt'), dataIndex: 'sys_create_time', width: 170 },
    {
      title: t('bills.exports.status'),
      dataIndex: 'status',
      width: 190,
      render: (status: number, task) =>
        status === 2 ? (
          <Progress percent={task.progress} size="small" aria-label={t('bills.exports.statuses.2')} />
        ) : (
          <Tag color={STATUS_COLORS[status]}>{t(`bills.exports.statuses.${status}`)}</Tag>
        ),
    },
    {
      title: t('bills.exports.action'),
      key: 'action',
      width: 110,
      render: (_, task) =>
        task.status === 3 && task.oss_url ? (
          <Button type="link" href={task.oss_url} download={task.file_name} data-testid={`export-download-${task.id}`}>
            {t('bills.exports.download')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      title={t('bills.exports.title')}
      destroyOnHidden
      data-testid="export-dialog"
    >
      <Table<ExportTask>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isLoading}
        locale={{ emptyText: t('bills.exports.empty') }}
        pagination={{
          current: page,
          pageSize: 20,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        data-testid="export-table"
      />
    </Modal>
  );
}
