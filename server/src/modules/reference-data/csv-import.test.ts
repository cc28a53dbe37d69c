import { describe, expect, it } from 'vitest';
import { CsvImportError, parseCsv, readImportRows } from './csv-import.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, escaped quotes and CRLF line ends', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\nd,,e\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['d', '', 'e'],
    ]);
  });
  it('rejects an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(CsvImportError);
  });
});

describe('readImportRows', () => {
  it('turns rows into platforms, shops and warehouses', () => {
    const rows = readImportRows(
      'kind,platform,name\nplatform,coupang,Coupang\nshop,coupang, Coupang KR \nwarehouse,,Yiwu\n',
    );
    expect(rows).toEqual([
      { line: 2, kind: 'platform', platform: 'coupang', name: 'Coupang' },
      { line: 3, kind: 'shop', platform: 'coupang', name: 'Coupang KR' },
      { line: 4, kind: 'warehouse', platform: '', name: 'Yiwu' },
    ]);
  });
  it('names every bad line at once', () => {
    const text = 'kind,platform,name\nstore,x,y\nshop,bad code!,y\nwarehouse,,\nshop,a,b,c\n';
    expect(() => readImportRows(text)).toThrow(
      /line 2: kind[\s\S]*line 3: platform[\s\S]*line 4: name[\s\S]*line 5: expected 3 columns/,
    );
  });
  it('requires the header', () => {
    expect(() => readImportRows('platform,coupang,Coupang\n')).toThrow(/header/);
  });
});
