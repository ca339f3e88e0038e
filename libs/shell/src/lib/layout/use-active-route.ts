import type { AppRouteId } from '@terrace/session';
import { useMatches } from 'react-router';

/** The id of the authenticated route being shown, from the route handle the route tree sets. */
export function useActiveRouteId(): AppRouteId | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as { routeId?: AppRouteId } | undefined;
    if (handle?.routeId) return handle.routeId;
  }
  return null;
}
