import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxWriter } from './writers.ts';

describe('xlsxWriter', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'xlsx-writer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes cells a spreadsheet reader reads back as they were: numbers, markup, spaces, no empty cells', async () => {
    const file = path.join(dir, 'a.xlsx');
    const writer = await xlsxWriter(file, ['编号', 'text', 'more'], 'Fees [2026]: a/b');
    await writer.write([
      [1, 'a < b & c > d', '=SUM(A1)'],
      [2.5, '  padded ', null],
      [-3, 'bell\u0007gone', ''],
    ]);
    await writer.write([[4, '中文 한국어 ไทย', 'x'.repeat(40)]]);
    await writer.close();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Fees _2026__ a_b');
    expect(sheet.rowCount).toBe(5);
    const values = (sheet.getSheetValues().slice(1) as unknown[][]).map((row) => row.slice(1));
    expect(values).toEqual([
      ['编号', 'text', 'more'],
      [1, 'a < b & c > d', '=SUM(A1)'],
      [2.5, '  padded '],
      [-3, 'bellgone'],
      [4, '中文 한국어 ไทย', 'x'.repeat(40)],
    ]);
    // A text that looks like a formula stays text.
    expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.String);
  });
});
