import { appRoutes, type AppRouteId, type RouteAccess } from './app-routes';
import { decide, type AccessDecision } from './route-access';
import { useCurrentSession } from './use-current-session';

export type AccessDeniedReason = 'loading' | 'organizationType' | 'namespaceOnly' | 'role' | 'organization' | 'capability';

export interface AccessState {
  /** The control may be used. */
  allowed: boolean;
  /** Why it may not, so the control can stay visible, disabled, with an explanation. */
  reason: AccessDeniedReason | null;
}

export function toAccessState(decision: AccessDecision): AccessState {
  switch (decision.kind) {
    case 'allowed':
      return { allowed: true, reason: null };
    case 'denied':
      return { allowed: false, reason: decision.reason };
    case 'needsCapability':
      return { allowed: false, reason: 'capability' };
  }
}

const anyone: RouteAccess = { organizationTypes: ['regular', 'management'], namespaceOnly: true };

/**
 * Whether the signed-in user may use a control: pass a route id (may they open that page?) or
 * a rule of the same shape as the route table (e.g. { roles: ['admin'] }).
 */
export function useAccess(target: AppRouteId | Partial<RouteAccess>): AccessState {
  const state = useCurrentSession();
  if (state.status !== 'success') return { allowed: false, reason: 'loading' };
  const rule: RouteAccess = typeof target === 'string' ? appRoutes[target].access : { ...anyone, ...target };
  return toAccessState(decide(rule, state.session.access));
}
