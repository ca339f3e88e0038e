import { useQueryClient } from '@tanstack/react-query';
import { authPaths, clearSession, sessionRequests, useApiClient } from '@terrace/session';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Signs out: tells the server (best effort — the local session ends either way), forgets the
 * token and every cached answer, and goes to the sign-out target.
 */
export function useSignOut(): () => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const target = authPaths.login();
    try {
      await sessionRequests.signOut(client);
    } catch {
      // The token is dropped locally below; a server that cannot be reached keeps nothing usable.
    }
    clearSession(target);
    queryClient.clear();
    await navigate(target, { replace: true });
  }, [client, queryClient, navigate]);
}
