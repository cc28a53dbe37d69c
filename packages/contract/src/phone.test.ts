import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from './auth.ts';
import { normalisePhone } from './phone.ts';

describe('normalisePhone', () => {
  it('reads every way of writing one Chinese mobile as the same phone', () => {
    for (const written of ['13912345678', '013912345678', '8613912345678', '+8613912345678', '008613912345678']) {
      expect(normalisePhone('86', written), written).toEqual({ area: '86', phone_number: '13912345678' });
    }
    expect(normalisePhone('86', ' +86 139-1234-5678 ')).toEqual({ area: '86', phone_number: '13912345678' });
  });

  it('drops the trunk prefix and the country code of other areas', () => {
    for (const written of ['0812345678', '812345678', '66812345678', '+66812345678', '0066812345678']) {
      expect(normalisePhone('66', written), written).toEqual({ area: '66', phone_number: '812345678' });
    }
  });

  it('lets a number in international form carry its own area', () => {
    expect(normalisePhone('86', '+6591234567')).toEqual({ area: '65', phone_number: '91234567' });
  });

  it('leaves a national number that merely starts like the country code alone', () => {
    expect(normalisePhone('86', '8612345678')).toEqual({ area: '86', phone_number: '8612345678' });
  });

  it('refuses what is not a phone', () => {
    for (const written of ['', '12ab', '+1234567890', '000', '+86', '1'.repeat(25), '13912345678\u200b']) {
      expect(normalisePhone('86', written), written).toBeNull();
    }
    expect(normalisePhone('1', '13912345678')).toBeNull();
  });
});

describe('requests that name a phone', () => {
  it('carry the one form to the server, and refuse a bad phone naming the field', () => {
    const parsed = ZRegisterRequest.parse({ phone_number: '+8613912345678', sms_code: '123456', checked: true });
    expect(parsed).toMatchObject({ area: '86', phone_number: '13912345678' });
    const bad = ZRegisterRequest.safeParse({ phone_number: '+1555', sms_code: '123456', checked: true });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['phone_number']);
  });
});
