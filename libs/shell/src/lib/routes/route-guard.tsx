import { useLingui } from '@lingui/react';
import { toast } from '@terrace/design-system';
import { accessMessages } from '@terrace/domain';
import { defaultHomePath, decideRoute, defaultHomeRoute, useCurrentSession, type AccessDeniedReason, type AppRouteId } from '@terrace/session';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { CapabilityFallbackPage } from '../pages/capability-fallback-page';

/**
 * The guard on each route's layout route, driven by the one access table (the permission of the
 * shared access model included). A page the user may not open sends them to their default home
 * page with the reason; a page that needs a capability the plan lacks shows the upgrade fallback
 * in its place (spec §2.3).
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
    return <RefusedRoute to={defaultHomePath(state.session.access)} reason={decision.reason} />;
  }
  return <Outlet />;
}

/** Says why the page was refused (a link or a typed URL can still reach it), then goes home. */
function RefusedRoute({ to, reason }: { to: string; reason: AccessDeniedReason }) {
  const { i18n } = useLingui();
  const text = i18n._(accessMessages[reason]);
  // The same id: a re-render (or React's double effects in development) shows one toast.
  useEffect(() => toast.warning(text, { id: 'route-refused' }), [text]);
  return <Navigate to={to} replace />;
}
