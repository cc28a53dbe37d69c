import { EXPORT_STATUSES, type TExportTask } from '@seller-centre/contract/warehouse';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportTaskDialog } from '../../shared/export-task-dialog.tsx';
import { hasRunningExport, type ExportTaskRow } from '../../shared/export-task-row.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { EXPORT_PAGE_SIZE, exportResultsQuery } from './api.ts';
import type { WarehouseDialogProps } from './dialogs.ts';

const STATES: Record<number, ExportTaskRow['state']> = {
  [EXPORT_STATUSES.pending]: 'waiting',
  [EXPORT_STATUSES.running]: 'running',
  [EXPORT_STATUSES.failed]: 'failed',
  [EXPORT_STATUSES.done]: 'done',
};

const rowOf = (task: TExportTask): ExportTaskRow => ({
  id: task.aes_id,
  fileName: task.aes_name,
  createdAt: task.aes_add_time,
  state: STATES[task.aes_status] ?? 'failed',
  progress: task.aes_progress,
  note: task.aes_note,
  // Download only at status 3, whatever else the provider sent.
  url: task.aes_status === EXPORT_STATUSES.done ? task.aes_url : '',
});

/**
 * The cloud bill's asynchronous export download list (docs/product.md): the chosen
 * provider's exports, 10 a page; looked at again every 2 s while one is waiting or running.
 */
export function ExportListDialog({ wwsId, open, onClose }: WarehouseDialogProps) {
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...exportResultsQuery(wwsId, page, language),
    enabled: open,
    select: (answer) => ({ total: answer.total, data: answer.data.map(rowOf) }),
    refetchInterval: (q) => (hasRunningExport(q.state.data?.data.map(rowOf)) ? 2000 : false),
  });
  return (
    <ExportTaskDialog
      ns="warehouse.exports"
      open={open}
      onClose={() => onClose(false)}
      query={query}
      page={page}
      pageSize={EXPORT_PAGE_SIZE}
      onPage={setPage}
    />
  );
}

export default ExportListDialog;
