import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  isAuthenticated,
  readStoredOrganization,
  readStoredUser,
  storeSession,
  takeSignOutTarget,
  toOrganization,
} from './stored-session';

beforeEach(() => localStorage.clear());

describe('stored session', () => {
  it('is authenticated exactly when a token is stored', () => {
    expect(isAuthenticated()).toBe(false);
    localStorage.setItem('auth_token', 'tok');
    expect(isAuthenticated()).toBe(true);
  });

  it('stores token, user and organization under the spec keys', () => {
    storeSession('tok-1', { email: 'a@b.io', organization: { id: 'o-1', name: 'Acme', type: 'management' } });
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
    expect(readStoredUser().email).toBe('a@b.io');
    expect(readStoredOrganization()).toMatchObject({ id: 'o-1', name: 'Acme', type: 'management' });
  });

  it.each([
    ['not json', '{oops'],
    ['an array', '[1,2]'],
    ['no id', '{"name":"x"}'],
  ])('falls back to an empty organization when stored data is %s', (_label, raw) => {
    localStorage.setItem('organization', raw);
    expect(readStoredOrganization()).toEqual({ id: '', name: '', type: 'regular' });
  });

  it('falls back to an empty user when stored data is invalid', () => {
    localStorage.setItem('user', '"just a string"');
    expect(readStoredUser()).toEqual({ email: '' });
  });

  it('treats an unknown organization type as regular', () => {
    expect(toOrganization({ id: 'o-1', name: 'x', type: 'galactic' }).type).toBe('regular');
  });

  it('remembers a sign-out target once', () => {
    storeSession('tok', { email: 'a@b.io' });
    clearSession('/auth/login');
    expect(isAuthenticated()).toBe(false);
    expect(takeSignOutTarget()).toBe('/auth/login');
    expect(takeSignOutTarget()).toBeNull();
  });
});
