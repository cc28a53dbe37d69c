import { describe, expect, it } from 'vitest';
import { isBuiltinRole, needsStatusConfirmation, nextRoleStatus, roleCreatedAt } from './role-rules.ts';

describe('role rules', () => {
  it('protects role 1 only', () => {
    expect(isBuiltinRole({ id: 1 })).toBe(true);
    expect(isBuiltinRole({ id: 2 })).toBe(false);
  });

  it('enables a disabled role directly and asks before disabling an enabled one', () => {
    expect(nextRoleStatus({ status: 0 })).toBe(1);
    expect(needsStatusConfirmation({ status: 0 })).toBe(false);
    expect(nextRoleStatus({ status: 1 })).toBe(0);
    expect(needsStatusConfirmation({ status: 1 })).toBe(true);
  });

  it('shows created_at, or added_time when created_at is empty', () => {
    expect(roleCreatedAt({ created_at: '2026-01-02T03:04:05Z', added_time: 'x' })).toBe('2026-01-02T03:04:05Z');
    expect(roleCreatedAt({ created_at: '', added_time: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z');
  });
});
