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

const NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A cell as CSV text. A text cell that a spreadsheet would run as a formula (starting with =, +,
 * -, @, tab or CR) is prefixed with an apostrophe, so an exported shop name cannot become a
 * formula on the reader's machine; a number, or a signed amount written as text, stays a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String(value);
  if (text === '') return text;
  // The first character by code rather than by a regular expression: a million-row export asks
  // this of every cell.
  const first = text.charCodeAt(0);
  if (
    (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) &&
    !NUMBER.test(text)
  )
    text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated) of these cells: the one formatter of every CSV the server writes. */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvCell(values[i]) : `,${csvCell(values[i])}`;
  return `${line}\r\n`;
}

/** The start of every CSV file: the UTF-8 byte-order mark (so spreadsheet programs read Chinese, Korean and Thai) and the header line. */
export function csvHead(header: readonly string[]): string {
  return `\uFEFF${csvLine(header)}`;
}

/**
 * Rows' text is handed on in pieces of about this many characters. A batch in one string is up
 * to a megabyte, which V8 puts straight into the old generation, freed only by a full
 * collection: a million rows left hundreds of megabytes of such garbage between collections.
 * Pieces this size are young objects, freed soon after they are written.
 */
const PIECE_CHARS = 32 * 1024;

/** The rows rendered as text, in pieces of about PIECE_CHARS (one write each). */
export function* textPieces<T>(rows: Iterable<T>, render: (row: T) => string): Generator<string> {
  let piece = '';
  for (const row of rows) {
    piece += render(row);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/**
 * A CSV file as a streamed answer: the byte-order mark and the header, then the rows in pieces
 * of many lines. The batches are pulled as the client reads (`Readable.from` asks for
 * the next only when the socket has taken the last), so a slow reader holds the query back
 * instead of the server buffering the file.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Readable {
  async function* chunks() {
    yield csvHead(header);
    for await (const batch of batches) yield* textPieces(batch, csvLine);
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 256 * 1024 });
}
