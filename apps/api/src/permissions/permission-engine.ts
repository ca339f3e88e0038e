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
  'namespacePermission:read': { area: 'namespace', namespaced: false },
  'namespacePermission:manage': { area: 'namespace', namespaced: false },
  'customRole:read': { area: 'user', namespaced: false },
  'customRole:manage': { area: 'user', namespaced: false },
  'customAbac:read': { area: 'user', namespaced: false },
  'customAbac:manage': { area: 'user', namespaced: false },
  'programmaticUser:read': { area: 'user', namespaced: false },
  'programmaticUser:manage': { area: 'user', namespaced: false },
  'vcsProvider:create': { area: 'vcs', namespaced: false },
  'vcsProvider:update': { area: 'vcs', namespaced: false },
  'vcsProvider:delete': { area: 'vcs', namespaced: false },
  'sshKey:read': { area: 'vcs', namespaced: false },
  'sshKey:create': { area: 'vcs', namespaced: false },
  'sshKey:update': { area: 'vcs', namespaced: false },
  'sshKey:delete': { area: 'vcs', namespaced: false },
  'gitSigningKey:read': { area: 'vcs', namespaced: false },
  'gitSigningKey:create': { area: 'vcs', namespaced: false },
  'gitSigningKey:update': { area: 'vcs', namespaced: false },
  'gitSigningKey:delete': { area: 'vcs', namespaced: false },
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
const namespaceRolePermissions: Record<'viewer' | 'admin', ReadonlySet<string>> = {
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
  /** A namespace role, or null when the grant carries a custom namespace role. */
  role: 'viewer' | 'admin' | null;
  /** The permissions of the grant's custom namespace role. */
  customPermissions: readonly string[];
}

/** What the engine reads from the IAM tables; provided by the IAM module. */
export interface AccessLoader {
  /** Grants of the actor itself, its teams (users) — namespace permissions. */
  namespaceGrants(actor: Actor): Promise<NamespaceGrant[]>;
  /** Permissions of the actor's custom organization role. */
  customRolePermissions(actor: Actor): Promise<readonly string[]>;
}

export const noAccessLoader: AccessLoader = {
  namespaceGrants: async () => [],
  customRolePermissions: async () => [],
};

function grantAllows(grant: NamespaceGrant, permission: Permission): boolean {
  return grant.role ? namespaceRolePermissions[grant.role].has(permission) : grant.customPermissions.includes(permission);
}

export type OrganizationDecision = 'allow' | 'deny' | 'perNamespace';

/**
 * The one permission engine. Every operation goes through `decideForOrganization` at the edge
 * (from its `x-permission`), and services call `require` with the namespace they touch.
 */
export class PermissionEngine {
  constructor(private readonly access: AccessLoader = noAccessLoader) {}

  async decideForOrganization(actor: Actor, permission: Permission): Promise<OrganizationDecision> {
    const spec = permissionCatalogue[permission];
    if (
      actor.organizationType === 'management' &&
      !['session', 'organization', 'user', 'team'].includes(spec.area)
    ) {
      return 'deny';
    }
    if (actor.customRoleId) {
      if (namespaceOnlyBase.has(permission)) return 'allow';
      if ((await this.access.customRolePermissions(actor)).includes(permission)) return 'allow';
      return spec.namespaced ? 'perNamespace' : 'deny';
    }
    if (isBuiltInRole(actor.role)) return rolePermissions[actor.role].has(permission) ? 'allow' : 'deny';
    if (namespaceOnlyBase.has(permission)) return 'allow';
    return spec.namespaced ? 'perNamespace' : 'deny';
  }

  /** Throws forbidden unless the actor holds `permission`, on `namespaceId` when given. */
  async require(actor: Actor, permission: Permission, target: { namespaceId?: string } = {}): Promise<void> {
    const decision = await this.decideForOrganization(actor, permission);
    if (decision === 'allow') return;
    if (decision === 'perNamespace' && target.namespaceId !== undefined) {
      const grants = await this.access.namespaceGrants(actor);
      if (grants.some((g) => (g.namespaceId === null || g.namespaceId === target.namespaceId) && grantAllows(g, permission))) {
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
    const decision = await this.decideForOrganization(actor, permission);
    if (decision === 'allow') return null;
    if (decision === 'deny') throw forbidden();
    const grants = (await this.access.namespaceGrants(actor)).filter((g) => grantAllows(g, permission));
    if (grants.some((g) => g.namespaceId === null)) return null;
    return grants.map((g) => g.namespaceId).filter((id): id is string => id !== null);
  }
}
