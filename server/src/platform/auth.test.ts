import { describe, expect, it } from 'vitest';
import { tokenFromRequest } from './auth.ts';

const token = 'Ab3_-x'.repeat(8);
const from = (authorization?: string) => tokenFromRequest({ headers: { authorization } });

describe('the token of a request', () => {
  it('is the raw Authorization value the app sends, or what follows "Bearer"', () => {
    expect(from(token)).toBe(token);
    expect(from(`Bearer ${token}`)).toBe(token);
    expect(from(`bearer   ${token} `)).toBe(token);
  });

  it('is nothing for a missing, malformed, too short or too long value', () => {
    expect(from(undefined)).toBeUndefined();
    expect(from('')).toBeUndefined();
    expect(from('Bearer ')).toBeUndefined();
    expect(from('short')).toBeUndefined();
    expect(from(`${token}!`)).toBeUndefined();
    expect(from(`Basic ${token}`)).toBeUndefined();
    expect(from(`${token} ${token}`)).toBeUndefined();
    expect(from('a'.repeat(129))).toBeUndefined();
  });
});
