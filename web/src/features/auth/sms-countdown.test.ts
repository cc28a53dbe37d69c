import { describe, expect, it } from 'vitest';
import { countdownDeadline, secondsLeft, SMS_RESEND_SECONDS } from './sms-countdown.ts';

describe('the SMS button countdown', () => {
  const sentAt = 1_700_000_000_000;

  it('runs 60 s from a successful send', () => {
    expect(SMS_RESEND_SECONDS).toBe(60);
    const deadline = countdownDeadline(sentAt);
    expect(secondsLeft(deadline, sentAt)).toBe(60);
    expect(secondsLeft(deadline, sentAt + 1)).toBe(60);
    expect(secondsLeft(deadline, sentAt + 1_000)).toBe(59);
    expect(secondsLeft(deadline, sentAt + 59_001)).toBe(1);
  });

  it('ends exactly at the deadline and never goes negative', () => {
    const deadline = countdownDeadline(sentAt);
    expect(secondsLeft(deadline, sentAt + 60_000)).toBe(0);
    expect(secondsLeft(deadline, sentAt + 3_600_000)).toBe(0);
  });

  it('is idle before any send', () => {
    expect(secondsLeft(undefined, sentAt)).toBe(0);
  });

  it('waits longer when the server asks for longer, never shorter than 60 s', () => {
    expect(secondsLeft(countdownDeadline(sentAt, 90), sentAt)).toBe(90);
    expect(secondsLeft(countdownDeadline(sentAt, 10), sentAt)).toBe(60);
  });

  it('counts by the clock, so a tab throttled in the background still ends on time', () => {
    const deadline = countdownDeadline(sentAt);
    // No tick for 45 s, then one: 15 s left, not 59.
    expect(secondsLeft(deadline, sentAt + 45_000)).toBe(15);
  });
});
