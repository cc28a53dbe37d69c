import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  fulfil,
  onOrderPaid,
  registerOrderKind,
  unitsToTakeBack,
  type OrderKind,
  type PaidOrder,
} from './order-kinds.ts';

/**
 * The registry the selling modules fill at composition: what orders deliver when paid. (The API
 * tests drive the real kinds through payments; this shows the registry's own rules.)
 */

const tx = {} as Db;
const order = (item: unknown): PaidOrder => ({
  id: 1,
  order_code: 'SC1',
  main_id: 7,
  user_name: 'buyer',
  provider: 'sandbox',
  amount_fen: 500,
  item,
});

describe('order kinds', () => {
  const calls: string[] = [];
  const gift: OrderKind<{ kind: 'gift'; n: number }> = {
    async deliver(_tx, paid, item) {
      calls.push(`deliver ${paid.order_code} ${item.n}`);
    },
  };
  const deposit: OrderKind<{ kind: 'deposit' }> = {
    deposit: true,
    async deliver() {
      calls.push('deliver deposit');
    },
  };
  registerOrderKind('gift', gift);
  registerOrderKind('deposit', deposit);
  onOrderPaid(async (_tx, paid) => {
    calls.push(`paid ${paid.orderCode} ${paid.buyerTenantId} ${paid.amountFen} ${paid.deposit}`);
  });

  it('tells the paid listeners first, then delivers through the item kind, with whether it is a deposit', async () => {
    calls.length = 0;
    await fulfil(tx, order({ kind: 'gift', n: 3 }));
    await fulfil(tx, order({ kind: 'deposit' }));
    expect(calls).toEqual(['paid SC1 7 500 false', 'deliver SC1 3', 'paid SC1 7 500 true', 'deliver deposit']);
  });

  it('refuses an item no module delivers, so the paying transaction rolls back', async () => {
    calls.length = 0;
    await expect(fulfil(tx, order({ kind: 'unknown' }))).rejects.toThrow(/no module delivers/);
    await expect(fulfil(tx, order(null))).rejects.toThrow(/no module delivers/);
    expect(calls).toEqual([]);
  });

  it('takes the same handler again (every app in a process composes), not another for a kind taken', () => {
    expect(() => registerOrderKind('gift', gift)).not.toThrow();
    expect(() => registerOrderKind('gift', { ...gift })).toThrow(/registered twice/);
  });
});

describe('what a refund takes back in proportion', () => {
  it('adds up to exactly what was delivered at the full amount, never more, over any partial refunds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 8 }),
        (units, paidFen, parts) => {
          let refunded = 0;
          let taken = 0;
          for (const part of parts) {
            const amountFen = Math.min(part, paidFen - refunded);
            if (amountFen <= 0) break;
            const n = unitsToTakeBack(units, paidFen, { refundNo: 'R', amountFen, refundedBeforeFen: refunded });
            expect(n).toBeGreaterThanOrEqual(0);
            refunded += amountFen;
            taken += n;
            expect(taken).toBeLessThanOrEqual(Math.floor((units * refunded) / paidFen));
          }
          const rest = paidFen - refunded;
          if (rest > 0)
            taken += unitsToTakeBack(units, paidFen, { refundNo: 'R', amountFen: rest, refundedBeforeFen: refunded });
          expect(taken).toBe(units);
        },
      ),
    );
  });

  it('rounds a part down: 33.00 of 99.00 for 1000 units takes back 333', () => {
    expect(unitsToTakeBack(1000, 9900, { refundNo: 'R', amountFen: 3300, refundedBeforeFen: 0 })).toBe(333);
    expect(unitsToTakeBack(1000, 9900, { refundNo: 'R', amountFen: 6600, refundedBeforeFen: 3300 })).toBe(667);
  });
});
