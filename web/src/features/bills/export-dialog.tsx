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
 * The third-party bill's export download list (docs/product.md): 20 a page, looked at again every 2 s
 * while an export is waiting or running.
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...exportTasksQuery(page),
    enabled: open,
    select: (answer) => ({ total: answer.total, data: answer.data.map(rowOf) }),
    refetchInterval: (q) => (hasRunningExport(q.state.data?.data.map(rowOf)) ? 2000 : false),
  });
  return (
    <ExportTaskDialog
      ns="bills.exports"
      open={open}
      onClose={onClose}
      query={query}
      page={page}
      pageSize={20}
      onPage={setPage}
    />
  );
}
