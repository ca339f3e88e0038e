import { appPath, type AppRouteId } from '@terrace/session';
import type { NavLeaf } from './nav-tree';

export function navLeafHref(leaf: NavLeaf): string {
  // Nav leaves only point at routes without parameters; the cast keeps appPath's strict typing.
  return (appPath as (id: AppRouteId, params?: object, query?: NavLeaf['query']) => string)(leaf.routeId, {}, leaf.query);
}

/** Whether a leaf is the current entry: its own route (and query, when it has one) or a route it covers. */
export function isLeafActive(leaf: NavLeaf, routeId: AppRouteId | null, search: string): boolean {
  if (!routeId) return false;
  if (leaf.activeFor?.includes(routeId)) return true;
  if (leaf.routeId !== routeId) return false;
  const params = new URLSearchParams(search);
  if (leaf.query) return Object.entries(leaf.query).every(([k, v]) => params.get(k) === String(v));
  return true;
}

/** The one current entry: entries whose query matches win over the plain entry of the same route. */
export function findActiveLeafId(leaves: readonly NavLeaf[], routeId: AppRouteId | null, search: string): string | null {
  const candidates = leaves.filter((leaf) => isLeafActive(leaf, routeId, search));
  const specific = candidates.find((leaf) => leaf.query);
  return (specific ?? candidates[0])?.id ?? null;
}
