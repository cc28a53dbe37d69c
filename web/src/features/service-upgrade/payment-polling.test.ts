import { describe, expect, it } from 'vitest';
import { nextPayPollStep, PAY_POLL_INTERVAL_MS, PAY_POLL_LIMIT_MS } from './payment-polling.ts';
import { resolveUpgradeTab } from './upgrade-tabs.ts';

describe('payment polling', () => {
  it('asks every 3 s and gives up after 5 minutes', () => {
    expect(PAY_POLL_INTERVAL_MS).toBe(3_000);
    const start = 1_000_000;
    expect(nextPayPollStep(start, start)).toBe('poll');
    expect(nextPayPollStep(start, start + 299_999)).toBe('poll');
    expect(nextPayPollStep(start, start + PAY_POLL_LIMIT_MS)).toBe('expire');
  });
});

describe('service upgrade tabs', () => {
  it('opens the tab the link names, and package ordering for anything else', () => {
    expect(resolveUpgradeTab('3')).toBe('3');
    expect(resolveUpgradeTab('2')).toBe('2');
    expect(resolveUpgradeTab(null)).toBe('1');
    expect(resolveUpgradeTab('4')).toBe('1');
  });
});
