import type { Message } from './message';
import { isNamespaceOnlyRole, type OrganizationType } from './organization';

/**
 * The one access model (spec console-shell §1, §6; automation §6), shared by the server's permission
 * engine and the console's guards and `useAccess`. Pure: the caller supplies what it knows of the
 * actor (role, custom organization role, namespace grants), this module decides.
 */

/** What management organizations may touch: organization, user and team operations only (§2.3). */
const managementAreas = ['session', 'organization', 'user', 'team'] as const;
type Area = (typeof managementAreas)[number] | 'namespace' | 'stack' | 'automation' | 'governance' | 'integration' | 'runnerProtocol';

/**
 * - `kind`: read (viewers read), operate (stack work members do), manage (admins only), secret
 *   (a secret value; admins only), base (every signed-in user), runner (runner and state tokens).
 * - `namespaced`: may also be granted on one namespace through namespace permissions.
 * - `stack`: subject to own-stack restrictions, as a read or a write of the stack.
 * - `adminRead`: a read of the organization's people and sign-in set-up (admins and viewers only).
 */
interface PermissionSpec {
  area: Area;
  kind: 'base' | 'read' | 'operate' | 'manage' | 'secret' | 'runner';
  namespaced?: boolean;
  stack?: 'read' | 'write';
  adminRead?: boolean;
}

const base = { area: 'session', kind: 'base' } as const;
const orgRead = (area: Area, adminRead = false) => ({ area, kind: 'read', ...(adminRead ? { adminRead } : {}) }) as const;
const manage = (area: Area) => ({ area, kind: 'manage' }) as const;
const stackRead = { area: 'stack', kind: 'read', namespaced: true, stack: 'read' } as const;
const stackOperate = { area: 'stack', kind: 'operate', namespaced: true, stack: 'write' } as const;

/**
 * Every permission: each `x-permission` of the contract (a test checks the contract against this
 * list) and each permission a custom role can hold. Deny by default: a name not here is refused.
 */
export const permissionCatalogue = {
  authenticated: base,
  'consoleEvent:create': base,
  'aiAgent:chat': { area: 'automation', kind: 'operate' },
  'comment:create': { area: 'automation', kind: 'operate' },
  // Organization
  'orgConfiguration:read': orgRead('organization'),
  'orgConfiguration:update': manage('organization'),
  'signInSettings:read': orgRead('organization', true),
  'signInSettings:update': manage('organization'),
  // People
  'user:read': orgRead('user', true),
  'user:manage': manage('user'),
  'team:read': orgRead('team', true),
  'team:manage': manage('team'),
  'customRole:read': orgRead('user', true),
  'customRole:manage': manage('user'),
  'customAbac:read': orgRead('user', true),
  'customAbac:manage': manage('user'),
  'programmaticUser:read': orgRead('user', true),
  'programmaticUser:manage': manage('user'),
  // Namespaces
  'namespace:read': { area: 'namespace', kind: 'read', namespaced: true },
  'namespace:create': manage('namespace'),
  'namespace:update': { area: 'namespace', kind: 'manage', namespaced: true },
  'namespace:delete': manage('namespace'),
  'namespacePermission:read': orgRead('namespace', true),
  'namespacePermission:manage': manage('namespace'),
  // Stacks and runs: the stack-level permissions of §6
  'stack:read': stackRead,
  'stack:create': stackOperate,
  'stack:update': stackOperate,
  'stack:delete': stackOperate,
  'stack:createFromTemplate': stackOperate,
  'stack:createFromBlueprint': stackOperate,
  'stack:extendTtl': stackOperate,
  'stack:retryInitialization': stackOperate,
  'deployment:approve': stackOperate,
  'deployment:approveFailedPolicies': stackOperate,
  'deployment:cancel': stackOperate,
  'deployment:start': stackOperate,
  'destroyDeployment:start': stackOperate,
  'plan:start': stackOperate,
  'plan:cancel': stackOperate,
  'driftDetection:start': stackOperate,
  'task:start': stackOperate,
  'task:cancel': stackOperate,
  'stackVariable:create': stackOperate,
  'stackVariable:update': stackOperate,
  'stackVariable:delete': stackOperate,
  'stackVariable:readSecret': { area: 'stack', kind: 'secret', namespaced: true, stack: 'read' },
  'stackOutput:readSecret': { area: 'stack', kind: 'secret', namespaced: true, stack: 'read' },
  // Terraform's state backend with a user token (runs use their job's state token instead).
  'stackState:read': { area: 'stack', kind: 'operate', namespaced: true, stack: 'read' },
  'stackState:write': stackOperate,
  // Releasing a lock somebody else holds (a lost run, an interrupted CLI): admins, or a namespace's admins.
  'stackState:forceUnlock': { area: 'stack', kind: 'manage', namespaced: true, stack: 'write' },
  // Automation around stacks
  'audit:read': orgRead('automation'),
  'runner:read': orgRead('automation'),
  'runnerGroup:manage': manage('automation'),
  'report:read': orgRead('automation'),
  'template:read': orgRead('automation'),
  'template:create': manage('automation'),
  'template:update': manage('automation'),
  'template:delete': manage('automation'),
  'blueprint:read': orgRead('automation'),
  'blueprint:create': manage('automation'),
  'blueprint:update': manage('automation'),
  'blueprint:delete': manage('automation'),
  'module:read': orgRead('automation'),
  'module:create': manage('automation'),
  'module:update': manage('automation'),
  'module:delete': manage('automation'),
  'customFlow:read': orgRead('automation'),
  'customFlow:create': manage('automation'),
  'customFlow:update': manage('automation'),
  'customFlow:delete': manage('automation'),
  'runTask:read': orgRead('automation'),
  'runTask:create': manage('automation'),
  'runTask:update': manage('automation'),
  'runTask:delete': manage('automation'),
  'stackDiscovery:read': orgRead('automation'),
  'stackDiscovery:create': manage('automation'),
  'stackDiscovery:update': manage('automation'),
  'stackDiscovery:delete': manage('automation'),
  'tfcMigration:read': orgRead('automation'),
  'tfcMigration:write': manage('automation'),
  // Governance and inventory
  'controlPolicy:read': orgRead('governance'),
  'controlPolicy:create': manage('governance'),
  'controlPolicy:update': manage('governance'),
  'controlPolicy:delete': manage('governance'),
  'inventory:read': orgRead('governance'),
  'inventory:write': manage('governance'),
  'eventRule:write': manage('governance'),
  'disasterRecovery:read': orgRead('governance', true),
  'disasterRecovery:create': manage('governance'),
  'disasterRecovery:update': manage('governance'),
  'disasterRecovery:delete': manage('governance'),
  'disasterRecovery:restore': manage('governance'),
  // Integrations
  'cloudCredentials:read': orgRead('integration'),
  'cloudCredentials:create': manage('integration'),
  'cloudCredentials:update': manage('integration'),
  'cloudCredentials:delete': manage('integration'),
  'vcsProvider:create': manage('integration'),
  'vcsProvider:update': manage('integration'),
  'vcsProvider:delete': manage('integration'),
  'sshKey:read': orgRead('integration'),
  'sshKey:create': manage('integration'),
  'sshKey:update': manage('integration'),
  'sshKey:delete': manage('integration'),
  'gitSigningKey:read': orgRead('integration'),
  'gitSigningKey:create': manage('integration'),
  'gitSigningKey:update': manage('integration'),
  'gitSigningKey:delete': manage('integration'),
  'notification:read': orgRead('integration'),
  'notification:create': manage('integration'),
  'notification:update': manage('integration'),
  'notification:delete': manage('integration'),
  // The runner protocol: runner tokens only, never a role.
  'runner:claimJob': { area: 'runnerProtocol', kind: 'runner' },
  'runner:heartbeat': { area: 'runnerProtocol', kind: 'runner' },
  'runner:reportJob': { area: 'runnerProtocol', kind: 'runner' },
  'runner:readJobSecrets': { area: 'runnerProtocol', kind: 'runner' },
} as const satisfies Record<string, PermissionSpec>;

export type Permission = keyof typeof permissionCatalogue;
export const permissions = Object.keys(permissionCatalogue) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(permissionCatalogue, value);
}

const specOf = (permission: Permission): PermissionSpec => permissionCatalogue[permission];

/** Organization roles. Any other key (deployer, runner, nsOnly, a custom role id) is namespace-only. */
export const organizationRoles = ['admin', 'viewer', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

/** The namespace-only rule is organization.ts's `isNamespaceOnlyRole`; this is its complement. */
function isOrganizationRole(role: string): role is OrganizationRole {
  return !isNamespaceOnlyRole(role);
}

/**
 * The role → permission table. Admins hold every permission a person can hold; viewers read
 * everything but secrets; members read what stacks need and do the stack work of §6 (members
 * load organization configuration, not the sign-in settings or the user list).
 */
export const rolePermissions: Record<OrganizationRole, ReadonlySet<Permission>> = {
  admin: new Set(permissions.filter((p) => specOf(p).kind !== 'runner')),
  viewer: new Set(permissions.filter((p) => ['base', 'read'].includes(specOf(p).kind) || p === 'aiAgent:chat')),
  member: new Set(
    permissions.filter((p) => {
      const spec = specOf(p);
      return spec.kind === 'base' || spec.kind === 'operate' || (spec.kind === 'read' && !spec.adminRead);
    }),
  ),
};

/** What a namespace-only user holds everywhere, before any namespace grant. */
export const namespaceOnlyPermissions: ReadonlySet<Permission> = new Set(permissions.filter((p) => specOf(p).kind === 'base'));

/** The permissions a namespace may grant: the namespaced ones. */
export const namespacedPermissions: readonly Permission[] = permissions.filter((p) => specOf(p).namespaced === true);

/** The built-in namespace roles of namespace permissions. */
export const namespaceRoles = ['viewer', 'admin'] as const;
export type NamespaceRole = (typeof namespaceRoles)[number];
export const namespaceRolePermissions: Record<NamespaceRole, ReadonlySet<Permission>> = {
  viewer: new Set(namespacedPermissions.filter((p) => specOf(p).kind === 'read')),
  admin: new Set(namespacedPermissions),
};

export const stackRestrictions = ['none', 'restrictReadToOwnStacks', 'restrictWriteToOwnStacks'] as const;
export type StackRestriction = (typeof stackRestrictions)[number];

export const customRoleTypes = ['organizationRole', 'namespaceRole'] as const;
export type CustomRoleType = (typeof customRoleTypes)[number];

/** A custom role's grant: its permission names (unknown names grant nothing) and restriction. */
export interface CustomRoleGrant {
  permissions: readonly string[];
  stackRestriction: StackRestriction;
}

export interface NamespaceGrant {
  /** null: All Namespaces. */
  namespaceId: string | null;
  /** A built-in namespace role, or null when the grant carries a custom namespace role. */
  role: NamespaceRole | null;
  /** The custom namespace role of the grant, when `role` is null. */
  customRole?: CustomRoleGrant | null;
}

/** What the access model needs to know about the actor. */
export interface AccessSubject {
  organizationType: OrganizationType;
  /** The role key: admin, viewer, member, or a namespace-only key (deployer, runner, nsOnly, cro-...). */
  role: string;
  /** The actor's custom organization role, when its role key names one. */
  customRole?: CustomRoleGrant | null;
  /** The actor's namespace grants (itself and its teams); undefined when not known (the console). */
  namespaceGrants?: readonly NamespaceGrant[];
}

/** What the action touches: a namespace, a stack in it (with whether the actor created it). */
export interface AccessTarget {
  namespaceId?: string;
  stack?: { createdByActor: boolean };
}

export type AccessDeniedCode =
  | 'unknownPermission'
  | 'runnerOnly'
  | 'organizationType'
  | 'role'
  | 'namespaceOnly'
  | 'namespace'
  | 'ownStacks';

export type AccessVerdict = { allowed: true } | { allowed: false; code: AccessDeniedCode };

export type OrganizationDecision = { kind: 'allow' } | { kind: 'perNamespace' } | { kind: 'deny'; code: AccessDeniedCode };

function restrictionAllows(restriction: StackRestriction, permission: Permission, target: AccessTarget): boolean {
  const use = specOf(permission).stack;
  if (!use || !target.stack || target.stack.createdByActor) return true;
  if (restriction === 'restrictReadToOwnStacks') return false; // cannot write what it may not read
  if (restriction === 'restrictWriteToOwnStacks') return use === 'read';
  return true;
}

/**
 * Custom roles list actions (§6 names no read permission): a role holding any stack permission
 * may also read stacks, within its restriction.
 */
function customGrants(role: CustomRoleGrant | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  if (role.permissions.includes(permission)) return true;
  return permission === 'stack:read' && role.permissions.some((p) => isPermission(p) && specOf(p).area === 'stack');
}

/**
 * What the actor may do organization-wide: allow, deny, or "per namespace" (a namespaced
 * permission a namespace-only user may still hold through namespace grants).
 */
export function decideForOrganization(subject: AccessSubject, permission: string): OrganizationDecision {
  if (!isPermission(permission)) return { kind: 'deny', code: 'unknownPermission' };
  const spec = specOf(permission);
  if (spec.kind === 'runner') return { kind: 'deny', code: 'runnerOnly' };
  if (subject.organizationType === 'management' && !(managementAreas as readonly string[]).includes(spec.area)) {
    return { kind: 'deny', code: 'organizationType' };
  }
  if (isOrganizationRole(subject.role)) {
    return rolePermissions[subject.role].has(permission) ? { kind: 'allow' } : { kind: 'deny', code: 'role' };
  }
  if (namespaceOnlyPermissions.has(permission)) return { kind: 'allow' };
  if (customGrants(subject.customRole, permission)) return { kind: 'allow' };
  return spec.namespaced ? { kind: 'perNamespace' } : { kind: 'deny', code: 'namespaceOnly' };
}

function grantAllows(grant: NamespaceGrant, permission: Permission, target: AccessTarget): boolean {
  if (grant.namespaceId !== null && grant.namespaceId !== target.namespaceId) return false;
  if (grant.role) return namespaceRolePermissions[grant.role].has(permission);
  // Any grant on a namespace lets its holder see that namespace.
  if (permission === 'namespace:read') return true;
  return customGrants(grant.customRole, permission) && restrictionAllows(grant.customRole?.stackRestriction ?? 'none', permission, target);
}

/**
 * The one decision: may the actor use `permission` (on `target` when given)? The server's engine
 * and the console both call this; neither keeps a table of its own.
 */
export function can(subject: AccessSubject, permission: string, target: AccessTarget = {}): AccessVerdict {
  const decision = decideForOrganization(subject, permission);
  if (decision.kind === 'deny') return { allowed: false, code: decision.code };
  const p = permission as Permission;
  if (decision.kind === 'allow') {
    // A custom organization role's restriction narrows what it grants; built-in roles have none.
    const viaCustom = !isOrganizationRole(subject.role) && !namespaceOnlyPermissions.has(p) && subject.customRole;
    if (viaCustom && !restrictionAllows(subject.customRole?.stackRestriction ?? 'none', p, target)) {
      // Another source (a namespace grant) may still allow it.
      if (target.namespaceId !== undefined && (subject.namespaceGrants ?? []).some((g) => grantAllows(g, p, target))) {
        return { allowed: true };
      }
      return { allowed: false, code: 'ownStacks' };
    }
    return { allowed: true };
  }
  if (target.namespaceId === undefined) return { allowed: false, code: 'namespaceOnly' };
  const grants = (subject.namespaceGrants ?? []).filter((g) => g.namespaceId === null || g.namespaceId === target.namespaceId);
  if (grants.some((g) => grantAllows(g, p, target))) return { allowed: true };
  const heldButRestricted = grants.some((g) => grantAllows(g, p, { namespaceId: target.namespaceId }));
  return { allowed: false, code: heldButRestricted ? 'ownStacks' : 'namespace' };
}

/**
 * For lists: null when the actor may use `permission` in every namespace, otherwise the ids of the
 * namespaces it may (possibly none); throws nothing, a denial is `{ denied }`.
 */
export function visibleNamespaces(subject: AccessSubject, permission: string): { denied: AccessDeniedCode } | { ids: string[] | null } {
  const decision = decideForOrganization(subject, permission);
  if (decision.kind === 'allow') return { ids: null };
  if (decision.kind === 'deny') return { denied: decision.code };
  const grants = (subject.namespaceGrants ?? []).filter((g) => grantAllows(g, permission as Permission, { namespaceId: g.namespaceId ?? undefined }));
  if (grants.some((g) => g.namespaceId === null)) return { ids: null };
  return { ids: [...new Set(grants.map((g) => g.namespaceId).filter((id): id is string => id !== null))] };
}

/** Why the console disables a control or refuses a page, in the user's words. */
export const accessMessages = {
  unknownPermission: /*i18n*/ { id: 'access.unknownPermission', message: 'This action is not available.' },
  runnerOnly: /*i18n*/ { id: 'access.runnerOnly', message: 'Only runners can do this.' },
  organizationType: /*i18n*/ {
    id: 'access.organizationType',
    message: 'Management organizations manage only the organization, its users and teams.',
  },
  role: /*i18n*/ { id: 'access.role', message: 'Your role does not allow this. Ask an organization admin.' },
  namespaceOnly: /*i18n*/ {
    id: 'access.namespaceOnly',
    message: 'Your role gives access to some namespaces only. Ask an organization admin.',
  },
  namespace: /*i18n*/ {
    id: 'access.namespace',
    message: 'You have no permission for this in this namespace. Ask an organization admin.',
  },
  ownStacks: /*i18n*/ { id: 'access.ownStacks', message: 'Your role allows this only on stacks you created.' },
  capability: /*i18n*/ { id: 'access.capability', message: 'Your plan does not include this feature.' },
  organization: /*i18n*/ { id: 'access.organization', message: 'This page is not available to your organization.' },
  loading: /*i18n*/ { id: 'access.loading', message: 'Checking your permissions…' },
} satisfies Record<AccessDeniedCode | 'capability' | 'organization' | 'loading', Message>;

