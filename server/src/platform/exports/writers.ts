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

/** XLSX through exceljs's streaming writer: each row is committed to the file as it comes. */
export async function xlsxWriter(file: string, headers: readonly string[], sheetName: string): Promise<RowWriter> {
  // Loaded on first use: exceljs is the heaviest package the server has, and most starts never write a workbook.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  sheet.addRow([...headers]).commit();
  return {
    async write(rows) {
      for (const values of rows) sheet.addRow(values.map((v) => (v === null || v === undefined ? '' : v))).commit();
      // Lets the zip stream pass the batch on to the file before the next one is made.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
