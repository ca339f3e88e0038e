/** The browser storage key of the session token (spec console-shell §3). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

/**
 * A `getToken` for createApiClient that reads the token from storage on every call, so a sign-in
 * or sign-out in another tab is seen by the next request. Storage is injected (localStorage in
 * the console) so the client keeps no dependency on the DOM.
 */
export function storedToken(storage: { getItem(key: string): string | null }): () => string | null {
  return () => {
    const token = storage.getItem(AUTH_TOKEN_STORAGE_KEY);
    return token && token.trim() !== '' ? token : null;
  };
}
