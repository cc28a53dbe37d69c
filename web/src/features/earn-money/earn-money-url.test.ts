import type { TUserInfo } from '@seller-centre/contract/profile';
import { describe, expect, it } from 'vitest';
import { earnMoneyUrl } from './earn-money-url.ts';

const user = {
  user_id: 100001,
  phone_number: '13800138000',
  user_company_name: 'Demo & Co.',
  email: 'demo@example.com',
} as TUserInfo;

describe('earnMoneyUrl', () => {
  it('gives the framed page phone, company, email, user id and language', () => {
    const url = new URL(earnMoneyUrl('https://partner.example/landing?ref=sc', user, 'kr', 'https://sc.example'));
    expect(url.origin + url.pathname).toBe('https://partner.example/landing');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ref: 'sc',
      phone: '13800138000',
      company: 'Demo & Co.',
      email: 'demo@example.com',
      user_id: '100001',
      lang: 'kr',
    });
  });

  it('keeps a path of this site relative', () => {
    expect(earnMoneyUrl('/partner/earn-money.html', user, 'zh', 'https://sc.example')).toBe(
      '/partner/earn-money.html?phone=13800138000&company=Demo+%26+Co.&email=demo%40example.com&user_id=100001&lang=zh',
    );
  });
});
