import { describe, expect, it } from 'vitest';
import { readAppConfig } from '../../shared/app-config.ts';
import { extensionMessage, isInAppPath, postLoginTarget, sessionUserOf, trimValues } from './login-flow.ts';

const result = {
  authorization: 'tok',
  user_id: 7,
  parent_id: 0,
  user_name: 'seller',
  account_type: 1,
  expires_in: 86_400,
};

describe('postLoginTarget', () => {
  it('goes to this product’s /home for both systems by default', () => {
    const config = readAppConfig({});
    expect(postLoginTarget(config, 1, 1)).toBe('/home');
    expect(postLoginTarget(config, 2, 1)).toBe('/home');
    expect(postLoginTarget(config, 1, 2)).toBe('/home');
  });

  it('picks the ERP or the selection product by the chosen system', () => {
    const config = readAppConfig({
      VITE_ERP_URL: 'https://erp.example.com/',
      VITE_SELECTION_URL: 'https://selection.example.com/',
    });
    expect(postLoginTarget(config, 1, 1)).toBe('https://erp.example.com/');
    expect(postLoginTarget(config, 2, 1)).toBe('https://selection.example.com/');
  });

  it('sends account_type 2 to the other host variant, falling back to the main one', () => {
    const config = readAppConfig({
      VITE_ERP_URL: 'https://erp.example.com/',
      VITE_ERP_URL_ALT: 'https://erp.partner.example.com/',
      VITE_SELECTION_URL: 'https://selection.example.com/',
    });
    expect(postLoginTarget(config, 1, 2)).toBe('https://erp.partner.example.com/');
    expect(postLoginTarget(config, 2, 2)).toBe('https://selection.example.com/');
  });
});

describe('isInAppPath', () => {
  it('tells an app path from another site', () => {
    expect(isInAppPath('/home')).toBe(true);
    expect(isInAppPath('/home?active=myCoupon')).toBe(true);
    expect(isInAppPath('//evil.example/home')).toBe(false);
    expect(isInAppPath('https://erp.example.com/')).toBe(false);
  });
});

describe('the session a login leaves behind', () => {
  it('keeps the login result without the token in the userinfo cookie', () => {
    expect(sessionUserOf(result)).toEqual({ user_id: 7, parent_id: 0, user_name: 'seller', account_type: 1 });
  });

  it('tells the browser extension the token, the user and the system', () => {
    expect(extensionMessage(result, 2)).toEqual({
      type: 'seller-centre:login',
      token: 'tok',
      userinfo: { user_id: 7, parent_id: 0, user_name: 'seller', account_type: 1 },
      system: 2,
    });
  });
});

describe('trimValues', () => {
  it('trims every string and leaves other values alone', () => {
    expect(trimValues({ account_name: '  demo ', password: ' pw ', long_time: 1, area: '86' })).toEqual({
      account_name: 'demo',
      password: 'pw',
      long_time: 1,
      area: '86',
    });
  });
});
