import { describe, expect, it } from 'vitest';
import { billBody, exceeds, withdrawalBody, YUAN_INPUT } from './api.ts';

describe('the distribution page’s requests', () => {
  it('never sends the status filter’s "all" (4), and sends the time type only with a range', () => {
    const base = { search_type: 'transaction_id', search_value: '', time_type: 'review_time', range: null } as const;
    expect(withdrawalBody({ ...base, status: 4 })).toMatchObject({ status: undefined, time_type: undefined });
    expect(withdrawalBody({ ...base, status: 0 }).status).toBe(0);
    expect(withdrawalBody({ ...base, status: 4, range: { from: '2026-01-01', to: '2026-01-31' } })).toMatchObject({
      time_type: 'review_time',
      // The browser's own offset goes with each day boundary, so the server reads the days the user meant.
      time_from: expect.stringMatching(/^2026-01-01T00:00:00[+-]\d\d:\d\d$/),
      time_to: expect.stringMatching(/^2026-01-31T23:59:59[+-]\d\d:\d\d$/),
    });
  });

  it('trims the search text and sends the search type only with a text', () => {
    const filters = { capital_flows: undefined, search_type: 'number', created: null } as const;
    expect(billBody({ ...filters, search_value: '  SC1  ' })).toMatchObject({
      search_type: 'number',
      search_value: 'SC1',
    });
    expect(billBody({ ...filters, search_value: '' })).toMatchObject({
      search_type: undefined,
      search_value: undefined,
    });
  });

  it('checks an amount against the balance in fen, two decimals at most', () => {
    expect(exceeds('100.01', '100.00')).toBe(true);
    expect(exceeds('100', '100.00')).toBe(false);
    expect(exceeds('0.1', '0.09')).toBe(true);
    expect(YUAN_INPUT.test('1.005')).toBe(false);
    expect(YUAN_INPUT.test('12.5')).toBe(true);
  });
});
