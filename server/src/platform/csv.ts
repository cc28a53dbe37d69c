import { Readable } from 'node:stream';

/**
 * CSV in and out, in one place: the operator imports (reference data, warehouse fees) read files
 * with `parseCsv`; the exports write cells with `csvCell`, to a file (platform/exports) or as a
 * streamed answer (`csvStream`).
 */

export class CsvError extends Error {}

/** RFC 4180 fields: commas, double quotes with "" escapes, CRLF or LF line ends; blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new CsvError('unterminated quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * A cell as CSV text. A text cell that a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or CR) is prefixed with an apostrophe, so an exported shop name cannot become a
 * formula on the reader's machine; a number, or a signed amount written as text, stays a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file as a streamed answer: the UTF-8 byte-order mark (so spreadsheet programs read
 * Chinese, Korean and Thai), the header, then one CRLF line per row as the rows arrive; nothing is
 * held beyond one batch.
 */
export function csvStream<T>(header: readonly string[], rows: AsyncIterable<T>, line: (row: T) => unknown[]): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
    let chunk = '';
    for await (const row of rows) {
      chunk += `${line(row).map(csvCell).join(',')}\r\n`;
      if (chunk.length > 64_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines());
}
