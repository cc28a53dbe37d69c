import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path.ts';

const ORIGIN = 'https://seller.example.com';

describe('safeReturnPath', () => {
  it('follows a path of this app with its query', () => {
    expect(safeReturnPath('/home?active=roleManagement&status=0', ORIGIN)).toBe('/home?active=roleManagement&status=0');
    expect(safeReturnPath('/home#top', ORIGIN)).toBe('/home#top');
  });

  it('refuses anything that could leave the origin', () => {
    for (const raw of [
      'https://evil.example/home',
      '//evil.example/home',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      ' /home',
      'home',
      '',
      null,
    ]) {
      expect(safeReturnPath(raw, ORIGIN), String(raw)).toBeUndefined();
    }
  });

  it('does not return to the sign-in pages themselves', () => {
    expect(safeReturnPath('/login?redirect=/home', ORIGIN)).toBeUndefined();
    expect(safeReturnPath('/logout', ORIGIN)).toBeUndefined();
    expect(safeReturnPath('/', ORIGIN)).toBeUndefined();
  });

  it('round-trips through the login URL', () => {
    const login = new URL(loginPathReturningTo('/home?active=auditLog&page=2'), ORIGIN);
    expect(login.pathname).toBe('/login');
    expect(safeReturnPath(login.searchParams.get('redirect'), ORIGIN)).toBe('/home?active=auditLog&page=2');
  });
});
