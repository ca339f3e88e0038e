import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, storedToken } from './stored-token';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('storedToken', () => {
  it('reads auth_token on every call, so later sign-ins and sign-outs are seen', () => {
    const storage = memoryStorage();
    const getToken = storedToken(storage);
    expect(AUTH_TOKEN_STORAGE_KEY).toBe('auth_token');
    expect(getToken()).toBeNull();
    storage.setItem('auth_token', 'tok-1');
    expect(getToken()).toBe('tok-1');
    storage.removeItem('auth_token');
    expect(getToken()).toBeNull();
  });

  it('treats a blank stored value as no token', () => {
    const storage = memoryStorage();
    storage.setItem('auth_token', '  ');
    expect(storedToken(storage)()).toBeNull();
  });
});
