// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration cannot be imported; projects that reach this file through imports need it too
/// <reference path="./zip-stream.d.ts" />
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { csvHead, csvLine, textPieces } from '../csv.ts';

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
  // One write per piece of many rows: a write per row costs a buffer and a stream call each, seconds a million.
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await put(csvHead(headers));
  return {
    async write(rows) {
      for (const piece of textPieces(rows, csvLine)) await put(piece);
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/** XML (bytes) made and not yet deflated: the most the sheet's entry holds before a write waits. */
const XLSX_BACKLOG_BYTES = 1024 * 1024;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The parts of a workbook around its one sheet: what a spreadsheet program needs to open it. */
function workbookParts(sheetName: string): [name: string, xml: string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        `<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
        `<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`,
    ],
  ];
}

// What XML text cannot hold as is: the markup characters, and control characters XML 1.0 forbids (dropped).
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const XML_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex -- the same characters, all of them
const XML_SPECIAL_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => XML_ESCAPES[c] ?? '') : text;
}

/** A column's letters (0 → A, 26 → AA), as cell references spell them. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One cell: a finite number as a number, anything else as an inline string (never a formula); nothing for an empty one. */
function xlsxCell(ref: string, value: unknown): string {
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint')
    return `<c r="${ref}"><v>${value}</v></c>`;
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  // An empty cell is no cell: readers see the same blank.
  if (text === '') return '';
  // Leading or trailing spaces are kept only when the text says so.
  const edge = text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32);
  return `<c r="${ref}" t="inlineStr"><is><t${edge ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;
}

/**
 * XLSX of one sheet, written by us into a zip (zip-stream): the sheet's XML is made a batch at a
 * time and streamed through the zip entry's deflate into the file, each write waiting while the
 * deflate or the disk lags (backpressure), so the rows never pile up ahead of them. Strings are
 * inline (a shared-string table would hold every distinct text of the file in memory); there is
 * no per-cell object, as a general workbook library makes.
 */
export async function xlsxWriter(file: string, headers: readonly string[], sheetName: string): Promise<RowWriter> {
  const { default: ZipStream } = await import('zip-stream');
  const out = createWriteStream(file, { mode: 0o600, highWaterMark: 256 * 1024 });
  const zip = new ZipStream({ zlib: { level: 6 } });
  // A few batches of XML may wait for the deflate, so making the next batch and deflating this
  // one overlap (each on its own core); with one batch, each waited for the other.
  const sheet = new PassThrough({ highWaterMark: XLSX_BACKLOG_BYTES });
  // A failed disk or zip ends the export at its next batch, instead of a wait for a drain that never comes.
  let failure: unknown;
  let stop: (error: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const fail = (error: unknown) => {
    failure ??= error;
    stop(failure);
    sheet.destroy(error as Error);
  };
  // Its failure is the export's (`failure`), reported at the next batch or at close.
  sheet.on('error', () => undefined);
  out.on('error', fail);
  zip.on('error', fail);
  zip.pipe(out);
  const entry = (name: string, source: string | PassThrough) =>
    new Promise<void>((resolve, reject) => {
      zip.entry(source, { name }, (error) => (error ? reject(error) : resolve()));
    });
  const name = sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
  for (const [part, xml] of workbookParts(name)) await entry(part, xml);
  const sheetWritten = entry('xl/worksheets/sheet1.xml', sheet);
  sheetWritten.catch(fail);
  const columns = headers.map((_, i) => columnName(i));
  let rowNumber = 0;
  const rowXml = (values: readonly unknown[]) => {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    for (let i = 0; i < values.length; i++) xml += xlsxCell(`${columns[i] ?? columnName(i)}${rowNumber}`, values[i]);
    return `${xml}</row>`;
  };
  const put = async (xml: string) => {
    if (failure !== undefined) throw failure;
    if (!sheet.write(xml)) await once(sheet, 'drain');
  };
  await put(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>${rowXml(headers)}`);
  return {
    async write(rows) {
      for (const piece of textPieces(rows, rowXml)) await put(piece);
    },
    async close() {
      if (failure === undefined) {
        sheet.end('</sheetData></worksheet>');
        await Promise.race([sheetWritten, stopped]).catch(fail);
      }
      if (failure === undefined) {
        zip.finish();
        await Promise.race([once(out, 'finish'), stopped]).catch(fail);
      }
      if (failure !== undefined) {
        out.destroy();
        throw failure;
      }
    },
  };
}
