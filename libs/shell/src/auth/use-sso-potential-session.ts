import { useMutation } from '@tanstack/react-query';
import { authPaths, authRequests, useApiClient, type User } from '@terrace/session';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The reason /auth/ssoBadLogin names when the potential session of the callback is refused. */
export const invalidSsoSessionReason = 'invalidSession';

/**
 * Arrival from the identity provider (…?ssoPotentialSessionId=): signs in once with that potential
 * session (POST /auth/sso/signInWithPotentialSession), also under StrictMode's double effects, and
 * hands the session over; a refused, used or expired id ends on the bad-login page.
 */
export function useSsoPotentialSessionSignIn(onSession: (session: { token: string; user: User }) => Promise<void> | void): {
  potentialSessionId: string | null;
} {
  const client = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const potentialSessionId = params.get('ssoPotentialSessionId');
  const badLogin = () => navigate(`${authPaths.ssoBadLogin}?reason=${invalidSsoSessionReason}`, { replace: true });
  const signIn = useMutation({
    mutationFn: (id: string) => authRequests.ssoSignInWithPotentialSession(client, id),
    onSuccess: async (result) => {
      if (result.kind === 'session') await onSession(result);
      else await badLogin();
    },
    onError: () => void badLogin(),
  });
  const started = useRef(false);
  useEffect(() => {
    if (potentialSessionId && !started.current) {
      started.current = true;
      signIn.mutate(potentialSessionId);
    }
  }, [potentialSessionId, signIn]);
  return { potentialSessionId };
}
