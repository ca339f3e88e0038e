import { useQueryClient } from '@tanstack/react-query';
import { safeRedirectTarget, storeSession, type User } from '@terrace/session';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * Finishes any sign-in: stores the session and token, drops whatever was cached for a previous
 * session, and goes to `target` when given, else to the redirect target or the root (spec §4).
 */
export function useCompleteSignIn(target?: string): (session: { token: string; user: User }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    async ({ token, user }) => {
      storeSession(token, user);
      queryClient.clear();
      await navigate(target ?? safeRedirectTarget(redirect), { replace: true });
    },
    [queryClient, navigate, redirect, target],
  );
}
