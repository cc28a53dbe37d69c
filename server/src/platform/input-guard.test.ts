import { describe, expect, it } from 'vitest';
import { fieldWithNul, jsonDepthExceeds } from './input-guard.ts';

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

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[{{{{\\"[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(100_000), 32)).toBe(true);
  });

  it('finds a NUL however deep a parsed value nests, without recursion', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(fieldWithNul(value)).toMatch(/^0(\.0)*$/);
  });
});
