import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies';

describe('cookies', () => {
  it('reads the Cookie header: trims, unquotes, keeps the first of a repeated name, skips malformed parts', () => {
    expect(parseCookies('a=1; b="two" ;a=3; junk; =x; c=')).toEqual({ a: '1', b: 'two', c: '' });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('writes HttpOnly cookies with path, lifetime, SameSite and Secure when asked', () => {
    expect(serializeCookie('n', 'v-1_x', { path: '/api/auth/sso', maxAge: 600, secure: false, sameSite: 'Lax' })).toBe(
      'n=v-1_x; Path=/api/auth/sso; Max-Age=600; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('n', '', { path: '/', maxAge: 0, secure: true, sameSite: 'None' })).toBe('n=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure');
  });

  it('refuses a name or value that would need encoding (no header injection)', () => {
    expect(() => serializeCookie('n', 'a;b', { path: '/', maxAge: 1, secure: false, sameSite: 'Lax' })).toThrow();
    expect(() => serializeCookie('n m', 'v', { path: '/', maxAge: 1, secure: false, sameSite: 'Lax' })).toThrow();
  });
});
