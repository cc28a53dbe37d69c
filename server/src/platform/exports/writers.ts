import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { csvCell } from '../csv.ts';

/** One file being written row by row; nothing but the current row is held in memory. */
export interface RowWriter {
  write(values: readonly unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** CSV in UTF-8 with a byte-order mark (so Excel reads the Chinese, Korean and Thai right), CRLF lines. */
export async function csvWriter(file: string, headers: readonly string[]): Promise<RowWriter> {
  const out = createWriteStream(file, { mode: 0o600 });
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await put('\uFEFF' + headers.map(csvCell).join(',') + '\r\n');
  return {
    write: (values) => put(values.map(csvCell).join(',') + '\r\n'),
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/** XLSX through exceljs's streaming writer: each row is committed to the file as it comes. */
export async function xlsxWriter(file: string, headers: readonly string[], sheetName: string): Promise<RowWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  sheet.addRow([...headers]).commit();
  return {
    async write(values) {
      sheet.addRow(values.map((v) => (v === null || v === undefined ? '' : v))).commit();
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
