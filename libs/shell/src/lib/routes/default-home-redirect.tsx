import { defaultHomePath, canOpen, defaultHomeRoute, useCurrentSession } from '@terrace/session';
import { Navigate } from 'react-router';

/** /app itself: the user's default home page (spec §2.3). */
export function DefaultHomeRedirect() {
  const state = useCurrentSession();
  if (state.status !== 'success') return null;
  const home = defaultHomeRoute(state.session.access);
  if (!canOpen(home, state.session.access)) {
    // Spec §2.3: the route still renders; the warning tells operators the role setup is odd.
    console.warn(`Default home page '${home}' is not allowed for organization type '${state.session.access.organizationType}'.`);
  }
  return <Navigate to={defaultHomePath(state.session.access)} replace />;
}
