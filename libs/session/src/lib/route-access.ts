import { decideForOrganization, isNamespaceOnlyRole, type AccessDeniedCode } from '@terrace/domain';
import { appRoutes, type AppRouteId, type RouteAccess } from './app-routes';
import { appBase } from './paths';
import type { AccessContext } from './session-model';

// Spec §1: any role key other than admin, viewer or member is namespace-only (the rule is @terrace/domain's).
export { isNamespaceOnlyRole };

/** Why a route or control is refused: the access model's reasons, plus the allow-list's. */
export type AccessDeniedReason = AccessDeniedCode | 'organization';

export type AccessDecision =
  | { kind: 'allowed' }
  /** The organization type, role, permission or organization id may not open the route. */
  | { kind: 'denied'; reason: AccessDeniedReason }
  /** The route exists for the user but the plan lacks a capability: show the upgrade fallback. */
  | { kind: 'needsCapability'; capability: string };

export interface AccessOptions {
  /** Organizations allowed to open the Terraform Cloud migration page. */
  organizationAllowList: readonly string[];
}

let accessOptions: AccessOptions = { organizationAllowList: [] };

/** Set once at start-up from the console's configuration. */
export function configureAccess(options: Partial<AccessOptions>): void {
  accessOptions = { ...accessOptions, ...options };
}

export function getAccessOptions(): AccessOptions {
  return accessOptions;
}

/** The access model's subject for the signed-in user (namespace grants are not known here). */
export function accessSubject(ctx: AccessContext) {
  return { organizationType: ctx.organizationType, role: ctx.role, customRole: ctx.customRole ?? null };
}

/** Applies one access rule to a user; the single implementation of spec §2.3. */
export function decide(access: RouteAccess, ctx: AccessContext, options: AccessOptions = accessOptions): AccessDecision {
  if (!access.organizationTypes.includes(ctx.organizationType)) return { kind: 'denied', reason: 'organizationType' };
  if (isNamespaceOnlyRole(ctx.role) && !access.namespaceOnly) return { kind: 'denied', reason: 'namespaceOnly' };
  if (access.roles && !access.roles.includes(ctx.role)) return { kind: 'denied', reason: 'role' };
  if (access.permission) {
    // The server's own decision (@terrace/domain); "per namespace" means some namespace may allow it.
    const decision = decideForOrganization(accessSubject(ctx), access.permission);
    if (decision.kind === 'deny') return { kind: 'denied', reason: decision.code };
  }
  if (access.organizationAllowList && !options.organizationAllowList.includes(ctx.organizationId)) {
    return { kind: 'denied', reason: 'organization' };
  }
  if (access.capability && !ctx.capabilities.has(access.capability)) {
    return { kind: 'needsCapability', capability: access.capability };
  }
  return { kind: 'allowed' };
}

export function decideRoute(id: AppRouteId, ctx: AccessContext, options?: AccessOptions): AccessDecision {
  return decide(appRoutes[id].access, ctx, options);
}

/** Whether a link to the route should be offered at all (capability fallbacks still count). */
export function canOpen(id: AppRouteId, ctx: AccessContext, options?: AccessOptions): boolean {
  return decideRoute(id, ctx, options).kind !== 'denied';
}

/**
 * Default home page (spec §2.3): the organization page for management organizations, the
 * namespaces page for namespace-only users, otherwise the dashboard.
 */
export function defaultHomeRoute(ctx: Pick<AccessContext, 'organizationType' | 'role'>): AppRouteId {
  if (ctx.organizationType === 'management') return 'organizationSetting';
  if (isNamespaceOnlyRole(ctx.role)) return 'namespaces';
  return 'dashboard';
}

/** The URL of the default home page; every home route takes no parameters. */
export function defaultHomePath(ctx: Pick<AccessContext, 'organizationType' | 'role'>): string {
  return `${appBase}/${appRoutes[defaultHomeRoute(ctx)].path}`;
}
