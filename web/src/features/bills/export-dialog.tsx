import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportTaskDialog } from '../../shared/export-task-dialog.tsx';
import { hasRunningExport, type ExportTaskRow } from '../../shared/export-task-row.ts';
import { exportTasksQuery, type ExportTask } from './third-party-api.ts';

const STATES: Record<number, ExportTaskRow['state']> = { 1: 'waiting', 2: 'running', 3: 'done', 4: 'failed' };

const rowOf = (task: ExportTask): ExportTaskRow => ({
  id: String(task.id),
  fileName: task.file_name,
  createdAt: task.sys_create_time,
  state: STATES[task.status] ?? 'failed',
  progress: task.progress,
  note: '',
  url: task.oss_url,
});

/**
 * The third-party bill's export download list (spec 03): 20 a page, looked at again every 2 s
 * while an export is waiting or running.
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...exportTasksQuery(page),
    enabled: open,
    refetchInterval: (q) => (hasRunningExport(q.state.data?.data.map(rowOf)) ? 2000 : false),
  });
  return (
    <ExportTaskDialog
      ns="bills.exports"
      open={open}
      onClose={onClose}
      rows={query.data?.data.map(rowOf) ?? []}
      total={query.data?.total ?? 0}
      loading={query.isLoading}
      page={page}
      pageSize={20}
      onPage={setPage}
    />
  );
}
