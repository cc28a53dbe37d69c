/** One export as the download list shows it, whichever module's list it came from. */
export type ExportTaskRow = {
  id: string;
  fileName: string;
  createdAt: string;
  state: 'waiting' | 'running' | 'failed' | 'done';
  /** 0 to 100. */
  progress: number;
  /** Why it failed (shown in a tooltip), else ''. */
  note: string;
  /** The signed download link, only when done. */
  url: string;
};

/** True while one of the rows is still being worked: the caller polls its list while so. */
export const hasRunningExport = (rows: readonly ExportTaskRow[] | undefined) =>
  !!rows?.some((row) => row.state === 'waiting' || row.state === 'running');
