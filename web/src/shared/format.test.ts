import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, maskPhone } from './format.ts';

describe('date formatting', () => {
  it('shows instants in the local time zone, or a placeholder', () => {
    const local = new Date(2026, 10, 21, 9, 5, 7).toISOString();
    expect(formatDateTime(local)).toBe('2026-11-21 09:05');
    expect(formatDate(local)).toBe('2026-11-21');
    expect(formatDateTime('', 'none')).toBe('none');
    expect(formatDateTime('not a date', 'none')).toBe('none');
  });
});

describe('maskPhone', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('0812345678')).toBe('081***5678');
    expect(maskPhone('123456')).toBe('123456');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(87)).toBe('87');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
    expect(formatCount(0)).toBe('0');
  });
});
