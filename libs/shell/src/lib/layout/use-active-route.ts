import { appBase, appRouteIds, appRoutes, type AppRouteId } from '@terrace/session';
import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';

/** The authenticated routes by full path, ranked by react-router as the console's route tree is. */
const appRouteTable = appRouteIds.map((routeId) => ({ path: `${appBase}/${appRoutes[routeId].path}`, routeId }));

/** The id of the authenticated route being shown (null on the home redirect and the not-found page). */
export function useActiveRouteId(): AppRouteId | null {
  const { pathname } = useLocation();
  return useMemo(() => matchRoutes(appRouteTable, pathname)?.[0]?.route.routeId ?? null, [pathname]);
}
