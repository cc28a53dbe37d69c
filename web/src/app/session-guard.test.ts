import { describe, expect, it } from 'vitest';
import { isPublicPath, PUBLIC_PATHS } from './session-guard.ts';

describe('the routes reachable without a token (docs/product.md)', () => {
  it('are login, register, logout and forget-password', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(['/forget-password', '/login', '/logout', '/register']);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/register')).toBe(true);
  });

  it('exclude the personal centre and everything else', () => {
    expect(isPublicPath('/home')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/login-other')).toBe(false);
  });
});
