import { defaultHomePath, decideRoute, defaultHomeRoute, useCurrentSession, type AppRouteId } from '@terrace/session';
import { Navigate, Outlet } from 'react-router';
import { CapabilityFallbackPage } from '../pages/capability-fallback-page';

/**
 * The guard on each route's layout route, driven by the one access table. A page the user may
 * not open sends them to their default home page; a page that needs a capability the plan lacks
 * shows the upgrade fallback in its place (spec §2.3).
 */
export function RouteGuard({ routeId }: { routeId: AppRouteId }) {
  const state = useCurrentSession();
  // AppLayout renders routes only once the session has loaded; this guard never waits itself.
  if (state.status !== 'success') return null;
  const decision = decideRoute(routeId, state.session.access);
  if (decision.kind === 'needsCapability') return <CapabilityFallbackPage capability={decision.capability} />;
  if (decision.kind === 'denied') {
    const home = defaultHomeRoute(state.session.access);
    // The default home page always renders, so a user whose home is not allowed is not bounced
    // between two pages; the home-page redirect logs that case.
    if (home === routeId) return <Outlet />;
    return <Navigate to={defaultHomePath(state.session.access)} replace />;
  }
  return <Outlet />;
}
