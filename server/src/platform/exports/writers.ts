import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { csvHead, csvLine } from '../csv.ts';

/**
 * One file being written a batch of rows at a time; nothing but the current batch is held in
 * memory. `write` waits while the file lags behind (backpressure), so a slow disk holds the
 * query back instead of the rows piling up.
 */
export interface RowWriter {
  write(rows: readonly (readonly unknown[])[]): Promise<void>;
  close(): Promise<void>;
}

/** CSV in UTF-8 with a byte-order mark (so Excel reads the Chinese, Korean and Thai right), CRLF lines. */
export async function csvWriter(file: string, headers: readonly string[]): Promise<RowWriter> {
  const out = createWriteStream(file, { mode: 0o600, highWaterMark: 256 * 1024 });
  // One write per batch: a write per row costs a buffer and a stream call each, seconds a million.
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await put(csvHead(headers));
  return {
    async write(rows) {
      let chunk = '';
      for (const row of rows) chunk += csvLine(row);
      if (chunk) await put(chunk);
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/**
 * What exceljs's streaming worksheet writes into: its own buffer (`pipes`), piped into the zip
 * entry without regard to backpressure. Internal to exceljs 4 and archiver; read defensively.
 */
type SheetStream = { pipes?: { _writableState?: { length?: number } }[] };

/** XML (bytes) a workbook may have made and not yet deflated: a batch or two, so making and deflating overlap. */
const XLSX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** XLSX through exceljs's streaming writer: each row is committed to the file as it comes. */
export async function xlsxWriter(file: string, headers: readonly string[], sheetName: string): Promise<RowWriter> {
  // Loaded on first use: exceljs is the heaviest package the server has, and most starts never write a workbook.
  const { default: ExcelJS } = await import('exceljs');
  const out = createWriteStream(file, { mode: 0o600, highWaterMark: 256 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // A failed disk or zip ends the export at its next batch, instead of a wait below that never ends.
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  out.on('error', fail);
  (workbook as unknown as { zip?: { on(event: 'error', fn: (error: unknown) => void): void } }).zip?.on('error', fail);
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  sheet.addRow([...headers]).commit();
  // The sheet's XML goes into the zip entry as fast as rows are committed, and the entry takes
  // it whatever its backlog: rows made faster than they are deflated and written would pile up
  // there (hundreds of MB for a million rows). After each batch the writer waits while that
  // entry holds more than a few batches, so the query waits for the zip and the disk instead.
  const entry = () => (sheet as unknown as { stream: SheetStream }).stream.pipes?.[0];
  return {
    async write(rows) {
      for (const values of rows) sheet.addRow(values.map((v) => (v === null || v === undefined ? '' : v))).commit();
      const state = entry()?._writableState;
      await new Promise((resolve) => setImmediate(resolve));
      while ((state?.length ?? 0) > XLSX_BACKLOG_BYTES && failure === undefined)
        await new Promise((resolve) => setTimeout(resolve, 5));
      if (failure !== undefined) throw failure;
    },
    async close() {
      if (failure !== undefined) {
        out.destroy();
        throw failure;
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}
