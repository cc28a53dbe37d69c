import { describe, expect, it } from 'vitest';
import { fieldWithNul } from './input-guard.ts';

describe('fieldWithNul', () => {
  it('names the first field holding a NUL character, however deep', () => {
    expect(fieldWithNul({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(fieldWithNul({ a: { list: ['ok', 'bad\u0000'] } })).toBe('a.list.1');
    expect(fieldWithNul('\u0000')).toBe('body');
  });

  it('passes everything else, including other control characters and non-strings', () => {
    expect(
      fieldWithNul({ a: 'tab\tnew\nline', b: 1, c: null, d: [true, { e: '中文 ภาษาไทย 한국어' }] }),
    ).toBeUndefined();
    expect(fieldWithNul(undefined)).toBeUndefined();
  });
});
