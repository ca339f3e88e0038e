import { useLingui } from '@lingui/react';
import { accessMessages, can, decideForOrganization, isPermission, type AccessTarget, type Permission } from '@terrace/domain';
import { appRoutes, type AppRouteId, type RouteAccess } from './app-routes';
import { accessSubject, decide, type AccessDecision, type AccessDeniedReason } from './route-access';
import type { AccessContext } from './session-model';
import { useCurrentSession } from './use-current-session';

export type AccessRefusal = AccessDeniedReason | 'capability' | 'loading';

/** Allowed, or why not (translated), so the control stays visible, disabled, with the reason. */
export type AccessState = { allowed: true } | { allowed: false; reason: string; code: AccessRefusal };

/** What a control needs: a route (may they open that page?), a permission, or a rule of the route table's shape. */
export type AccessRequest = AppRouteId | Permission | ({ permission: Permission } & AccessTarget) | Partial<RouteAccess>;

const anyone: RouteAccess = { organizationTypes: ['regular', 'management'], namespaceOnly: true };

/** The refusal code of a request, or null when allowed: the pure part of `useAccess`. */
export function accessRefusal(request: AccessRequest, ctx: AccessContext): AccessRefusal | null {
  if (typeof request === 'string' && !isPermission(request)) return toRefusal(decide(appRoutes[request].access, ctx));
  if (typeof request === 'string' || (typeof request === 'object' && 'permission' in request && request.permission && !('organizationTypes' in request))) {
    const { permission, ...target } = typeof request === 'string' ? { permission: request } : (request as { permission: Permission } & AccessTarget);
    const subject = accessSubject(ctx);
    // The console does not know a namespace-only user's grants: where only a grant could allow
    // the action, the server decides (and the route table already kept them to their pages).
    if (decideForOrganization(subject, permission).kind === 'perNamespace') return null;
    const verdict = can(subject, permission, target);
    return verdict.allowed ? null : verdict.code;
  }
  return toRefusal(decide({ ...anyone, ...request }, ctx));
}

function toRefusal(decision: AccessDecision): AccessRefusal | null {
  switch (decision.kind) {
    case 'allowed':
      return null;
    case 'denied':
      return decision.reason;
    case 'needsCapability':
      return 'capability';
  }
}

/**
 * Whether the signed-in user may use a control, from the same access model the server enforces:
 * `{ allowed: true }`, or `{ allowed: false, reason }` with the reason in the user's language.
 */
export function useAccess(request: AccessRequest): AccessState {
  const { i18n } = useLingui();
  const state = useCurrentSession();
  const code = state.status === 'success' ? accessRefusal(request, state.session.access) : 'loading';
  if (code === null) return { allowed: true };
  return { allowed: false, code, reason: i18n._(accessMessages[code]) };
}
