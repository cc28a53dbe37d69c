import type { TWmsProvider } from '@seller-centre/contract/warehouse';
import { describe, expect, it } from 'vitest';
import { shownProvider } from './provider-param.ts';

const providers = [{ wws_id: 2002 }, { wws_id: 2003 }] as TWmsProvider[];

describe('the provider the cloud warehouse bill shows', () => {
  it('is the one the URL names', () => {
    expect(shownProvider(providers, new URLSearchParams('wws=2003'))).toBe(2003);
  });

  it('is the first when the URL names none', () => {
    expect(shownProvider(providers, new URLSearchParams('active=myBill'))).toBe(2002);
    expect(shownProvider([], new URLSearchParams())).toBeUndefined();
  });

  it('is none when the URL names a provider the tenant has no account with', () => {
    expect(shownProvider(providers, new URLSearchParams('wws=9999'))).toBeUndefined();
    expect(shownProvider(providers, new URLSearchParams('wws='))).toBeUndefined();
  });
});
