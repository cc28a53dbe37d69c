import { describe, expect, it } from 'vitest';
import { exportBadgeCount } from './export-badge.ts';

describe('the export list badge', () => {
  it('shows the count up to 999 and 999+ beyond it; nothing before the count is known or when none', () => {
    expect(exportBadgeCount(undefined)).toBe(0);
    expect(exportBadgeCount(0)).toBe(0);
    expect(exportBadgeCount(7)).toBe(7);
    expect(exportBadgeCount(999)).toBe(999);
    expect(exportBadgeCount(1000)).toBe('999+');
    expect(exportBadgeCount(123_456)).toBe('999+');
  });
});
