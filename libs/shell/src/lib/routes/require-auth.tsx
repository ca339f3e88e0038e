import { isAuthenticated, loginRedirectFor, readSignOutTarget } from '@terrace/session';
import { Navigate, Outlet, useLocation } from 'react-router';

/**
 * Guards the authenticated base. Authentication is the presence of the stored token (spec
 * §2.1); a visitor without one goes to the sign-out target when a sign-out was just triggered,
 * otherwise to sign-in with the current path and query as the redirect target.
 */
export function RequireAuth() {
  const location = useLocation();
  if (isAuthenticated()) return <Outlet />;
  return <Navigate to={readSignOutTarget() ?? loginRedirectFor(location)} replace />;
}
