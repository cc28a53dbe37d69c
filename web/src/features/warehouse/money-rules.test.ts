import { describe, expect, it } from 'vitest';
import {
  canDeleteCredit,
  canVoidCredit,
  discardCheck,
  isAmount,
  isProofType,
  NOTE_TABS,
  rechargeExpired,
  rechargeOutcome,
  showsDiscard,
} from './money-rules.ts';

describe('warehouse money rules', () => {
  it('stops asking about an online top-up once its order is closed, as once it is paid', () => {
    expect(rechargeOutcome(1)).toBe('waiting');
    expect(rechargeOutcome(2)).toBe('paid');
    expect(rechargeOutcome(3)).toBe('closed');
  });

  it('takes amounts from 0.01 with at most two decimals', () => {
    expect(isAmount('0.01')).toBe(true);
    expect(isAmount('100')).toBe(true);
    expect(isAmount('12.5')).toBe(true);
    expect(isAmount('0')).toBe(false);
    expect(isAmount('0.00')).toBe(false);
    expect(isAmount('0.001')).toBe(false);
    expect(isAmount('-1')).toBe(false);
    expect(isAmount('1e3')).toBe(false);
    expect(isAmount('')).toBe(false);
  });

  it('accepts PNG and JPEG proofs only', () => {
    expect(isProofType({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isProofType({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isProofType({ type: '', name: 'scan.JPEG' })).toBe(true);
    expect(isProofType({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isProofType({ type: 'application/pdf', name: 'a.png' })).toBe(false);
  });

  it('hides discard on the confirmed and completed tabs only', () => {
    expect(NOTE_TABS.filter(showsDiscard)).toEqual([-1, 1, 4, 0]);
  });

  it('refuses a discard with nothing chosen or with a confirmed or completed note', () => {
    expect(discardCheck([])).toBe('none');
    expect(discardCheck([1, 2])).toBe('forbidden');
    expect(discardCheck([5])).toBe('forbidden');
    expect(discardCheck([1, 3, 4])).toBe('ok');
  });

  it('voids credit applications only under review and deletes only voided ones', () => {
    expect([0, 2, 3, 4, 5].filter(canVoidCredit)).toEqual([2]);
    expect([0, 2, 3, 4, 5].filter(canDeleteCredit)).toEqual([0]);
  });

  it('stops asking after five minutes', () => {
    expect(rechargeExpired(0, 299_999)).toBe(false);
    expect(rechargeExpired(0, 300_000)).toBe(true);
  });
});
