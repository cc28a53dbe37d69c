import { describe, expect, it } from 'vitest';
import { inviteFriendsUrl } from './invite-links.ts';
import { expiryTone } from './package-expiry.ts';
import { USER_NAME_PATTERN } from './profile-rules.ts';

const code = {
  invite_code: 'DEMO 2026',
  invite_url: 'https://sc.example/register?invite_code=DEMO2026&invite_code_type=1',
};

describe('inviteFriendsUrl', () => {
  it('uses the selection product’s page with the code, or the invite link', () => {
    expect(inviteFriendsUrl('https://sel.example/invite?code={invite_code}', code)).toBe(
      'https://sel.example/invite?code=DEMO%202026',
    );
    expect(inviteFriendsUrl(undefined, code)).toBe(code.invite_url);
  });
});

describe('expiryTone', () => {
  it('colours past, soon (30 days) and later expiries', () => {
    expect(expiryTone(-1)).toBe('expired');
    expect(expiryTone(0)).toBe('soon');
    expect(expiryTone(30)).toBe('soon');
    expect(expiryTone(31)).toBe('ok');
  });
});

describe('USER_NAME_PATTERN', () => {
  it('accepts letters or digits only', () => {
    expect(USER_NAME_PATTERN.test('seller01')).toBe(true);
    expect(USER_NAME_PATTERN.test(' seller01 ')).toBe(true);
    expect(USER_NAME_PATTERN.test('seller_01')).toBe(false);
    expect(USER_NAME_PATTERN.test('卖家')).toBe(false);
    expect(USER_NAME_PATTERN.test('')).toBe(false);
  });
});
