import { describe, expect, it } from 'vitest';
import { fieldWithUnstorable, jsonDepthExceeds } from './input-guard.ts';

describe('fieldWithUnstorable', () => {
  it('names the first field holding a NUL character, however deep', () => {
    expect(fieldWithUnstorable({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(fieldWithUnstorable({ a: { list: ['ok', 'bad\u0000'] } })).toBe('a.list.1');
    expect(fieldWithUnstorable('\u0000')).toBe('body');
    expect(fieldWithUnstorable({ a: 'half a pair \ud800' })).toBe('a');
  });

  it('passes everything else, including other control characters and non-strings', () => {
    expect(
      fieldWithUnstorable({ a: 'tab\tnew\nline', b: 1, c: null, d: [true, { e: '中文 ภาษาไทย 한국어 😀' }] }),
    ).toBeUndefined();
    expect(fieldWithUnstorable(undefined)).toBeUndefined();
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
    expect(fieldWithUnstorable(value)).toMatch(/^0(\.0)*$/);
  });
});
