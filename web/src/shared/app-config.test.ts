import { describe, expect, it } from 'vitest';
import { DEFAULT_EARN_MONEY_URL, readAppConfig } from './app-config.ts';

describe('readAppConfig', () => {
  it('works standalone with no settings', () => {
    expect(readAppConfig({})).toEqual({
      brand: undefined,
      erpUrl: '/home',
      selectionUrl: '/home',
      erpUrlAlt: '/home',
      selectionUrlAlt: '/home',
      cookieDomain: 'auto',
      earnMoneyUrl: DEFAULT_EARN_MONEY_URL,
      selectionInviteUrl: undefined,
      selectionEnabled: true,
    });
  });

  it('reads every knob, treating blank values as unset', () => {
    const config = readAppConfig({
      VITE_BRAND: 'tradewind',
      VITE_ERP_URL: 'https://erp.example.com/',
      VITE_SELECTION_URL: ' ',
      VITE_SELECTION_URL_ALT: 'https://sel.partner.example.com/',
      VITE_COOKIE_DOMAIN: 'example.com',
      VITE_EARN_MONEY_URL: 'https://partner.example.com/landing?x=1',
      VITE_SELECTION_INVITE_URL: 'https://sel.example.com/invite?code={invite_code}',
      VITE_SELECTION_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      brand: 'tradewind',
      erpUrl: 'https://erp.example.com/',
      selectionUrl: '/home',
      erpUrlAlt: 'https://erp.example.com/',
      selectionUrlAlt: 'https://sel.partner.example.com/',
      cookieDomain: 'example.com',
      earnMoneyUrl: 'https://partner.example.com/landing?x=1',
      selectionEnabled: false,
    });
  });

  it('refuses addresses that are neither http(s) nor a path of this site', () => {
    expect(() => readAppConfig({ VITE_ERP_URL: 'javascript:alert(1)' })).toThrow(/VITE_ERP_URL/);
    expect(() => readAppConfig({ VITE_ERP_URL: '//evil.example' })).toThrow(/VITE_ERP_URL/);
    expect(() => readAppConfig({ VITE_COOKIE_DOMAIN: 'not a domain' })).toThrow(/VITE_COOKIE_DOMAIN/);
  });
});
