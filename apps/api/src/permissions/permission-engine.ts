import { forbidden } from '../http/domain-error';
import type { Actor } from './actor';

/**
 * The permissions operations declare with `x-permission`. `area` decides what management
 * organizations may do (organization, user and team operations only); `namespaced` permissions
 * may also be granted per namespace to namespace-only users through namespace permissions.
 */
export const permissionCatalogue = {
  authenticated: { area: 'session', namespaced: false },
  'org:read': { area: 'organization', namespaced: false },
  'orgConfiguration:read': { area: 'organization', namespaced: false },
  'orgConfiguration:update': { area: 'organization', namespaced: false },
  'signInSettings:read': { area: 'organization', namespaced: false },
  'signInSettings:update': { area: 'organization', namespaced: false },
  'user:read': { area: 'user', namespaced: false },
  'user:manage': { area: 'user', namespaced: false },
  'team:read': { area: 'team', namespaced: false },
  'team:manage': { area: 'team', namespaced: false },
  'namespace:read': { area: 'namespace', namespaced: true },
  'namespace:create': { area: 'namespace', namespaced: false },
  'namespace:update': { area: 'namespace', namespaced: true },
  'namespace:delete': { area: 'namespace', namespaced: false },
  'audit:read': { area: 'audit', namespaced: false },
  'runner:read': { area: 'runner', namespaced: false },
  'consoleEvent:create': { area: 'session', namespaced: false },
} as const satisfies Record<string, { area: string; namespaced: boolean }>;

export type Permission = keyof typeof permissionCatalogue;

export const builtInRoles = ['admin', 'viewer', 'member', 'deployer', 'runner'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

const readPermissions = (Object.keys(permissionCatalogue) as Permission[]).filter((p) => p.endsWith(':read'));

/** What each organization role may do everywhere in its organization. Deny by default. */
const rolePermissions: Record<BuiltInRole, ReadonlySet<Permission>> = {
  admin: new Set(Object.keys(permissionCatalogue) as Permission[]),
  viewer: new Set<Permission>(['authenticated', 'consoleEvent:create', ...readPermissions]),
  member: new Set<Permission>([
    'authenticated',
    'consoleEvent:create',
    'org:read',
    'orgConfiguration:read',
    'namespace:read',
    'audit:read',
    'runner:read',
  ]),
  deployer: new Set<Permission>(['authenticated', 'consoleEvent:create', 'org:read', 'namespace:read', 'runner:read']),
  runner: new Set<Permission>(['authenticated', 'consoleEvent:create', 'org:read', 'namespace:read', 'runner:read']),
};

/** Namespace roles granted through namespace permissions. */
const namespaceRolePermissions: Record<'viewer' | 'admin', ReadonlySet<Permission>> = {
  viewer: new Set<Permission>(['namespace:read']),
  admin: new Set<Permission>(['namespace:read', 'namespace:update']),
};

const namespaceOnlyBase = new Set<Permission>(['authenticated', 'consoleEvent:create']);

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(permissionCatalogue, value);
}

export function isBuiltInRole(role: string): role is BuiltInRole {
  return (builtInRoles as readonly string[]).includes(role);
}

export function isNamespaceOnly(actor: Actor): boolean {
  return !isBuiltInRole(actor.role);
}

export interface NamespaceGrant {
  /** null: All Namespaces. */
  namespaceId: string | null;
  role: 'viewer' | 'admin';
}

/** Loads the namespace grants of an actor (user and team grants); provided by the IAM module. */
export type NamespaceGrantLoader = (actor: Actor) => Promise<NamespaceGrant[]>;

export type OrganizationDecision = 'allow' | 'deny' | 'perNamespace';

/**
 * The one permission engine. Every operation goes through `decideForOrganization` at the edge
 * (from its `x-permission`), and services call `require` with the namespace they touch.
 */
export class PermissionEngine {
  constructor(private readonly loadGrants: NamespaceGrantLoader = async () => []) {}

  decideForOrganization(actor: Actor, permission: Permission): OrganizationDecision {
    const spec = permissionCatalogue[permission];
    if (
      actor.organizationType === 'management' &&
      !['session', 'organization', 'user', 'team'].includes(spec.area)
    ) {
      return 'deny';
    }
    if (isBuiltInRole(actor.role)) return rolePermissions[actor.role].has(permission) ? 'allow' : 'deny';
    if (namespaceOnlyBase.has(permission)) return 'allow';
    return spec.namespaced ? 'perNamespace' : 'deny';
  }

  /** Throws forbidden unless the actor holds `permission`, on `namespaceId` when given. */
  async require(actor: Actor, permission: Permission, target: { namespaceId?: string } = {}): Promise<void> {
    const decision = this.decideForOrganization(actor, permission);
    if (decision === 'allow') return;
    if (decision === 'perNamespace' && target.namespaceId !== undefined) {
      const grants = await this.loadGrants(actor);
      if (grants.some((g) => (g.namespaceId === null || g.namespaceId === target.namespaceId) && namespaceRolePermissions[g.role].has(permission))) {
        return;
      }
    }
    throw forbidden();
  }

  /**
   * For lists: null when the actor may see every namespace, otherwise the ids it may see with
   * `permission` (possibly none).
   */
  async visibleNamespaces(actor: Actor, permission: Permission): Promise<string[] | null> {
    const decision = this.decideForOrganization(actor, permission);
    if (decision === 'allow') return null;
    if (decision === 'deny') throw forbidden();
    const grants = (await this.loadGrants(actor)).filter((g) => namespaceRolePermissions[g.role].has(permission));
    if (grants.some((g) => g.namespaceId === null)) return null;
    return grants.map((g) => g.namespaceId).filter((id): id is string => id !== null);
  }
}
