import {
  can,
  decideForOrganization,
  isPermission,
  permissionCatalogue,
  visibleNamespaces,
  type AccessSubject,
  type AccessTarget,
  type CustomRoleGrant,
  type NamespaceGrant,
  type Permission,
} from '@terrace/domain';
import { forbidden } from '../http/domain-error';
import type { Actor } from './actor';

// The table, the namespace-only rule, custom roles and own-stack restrictions live in
// @terrace/domain, shared with the console; the engine only loads what it needs to know.
export { isPermission, permissionCatalogue, type NamespaceGrant, type Permission };

/** What the engine reads from the IAM tables; provided by the IAM module. */
export interface AccessLoader {
  /** Namespace grants of the actor itself and of its teams. */
  namespaceGrants(actor: Actor): Promise<NamespaceGrant[]>;
  /** The actor's custom organization role, if its role key names one of its organization. */
  customRole(actor: Actor): Promise<CustomRoleGrant | null>;
}

export const noAccessLoader: AccessLoader = {
  namespaceGrants: async () => [],
  customRole: async () => null,
};

export type OrganizationDecision = 'allow' | 'deny' | 'perNamespace';

/**
 * The one permission engine. Every operation goes through `decideForOrganization` at the edge
 * (from its `x-permission`), and services call `require` with the namespace (and stack) they touch.
 */
export class PermissionEngine {
  constructor(private readonly access: AccessLoader = noAccessLoader) {}

  /** The actor as the access model sees it; grants are loaded only when asked for. */
  async subject(actor: Actor, withGrants = false): Promise<AccessSubject> {
    return {
      organizationType: actor.organizationType,
      role: actor.role,
      customRole: actor.customRoleId ? await this.access.customRole(actor) : null,
      ...(withGrants ? { namespaceGrants: await this.access.namespaceGrants(actor) } : {}),
    };
  }

  async decideForOrganization(actor: Actor, permission: string): Promise<OrganizationDecision> {
    return decideForOrganization(await this.subject(actor), permission).kind;
  }

  /** Throws forbidden unless the actor holds `permission`, on the target when given. */
  async require(actor: Actor, permission: Permission, target: AccessTarget = {}): Promise<void> {
    const subject = await this.subject(actor);
    if (can(subject, permission, target).allowed) return;
    // A namespace grant may still allow it (a namespace-only user, or a custom role's restriction).
    if (target.namespaceId !== undefined && decideForOrganization(subject, permission).kind !== 'deny') {
      subject.namespaceGrants = await this.access.namespaceGrants(actor);
      if (can(subject, permission, target).allowed) return;
    }
    throw forbidden();
  }

  /**
   * For lists: null when the actor may see every namespace, otherwise the ids it may see with
   * `permission` (possibly none).
   */
  async visibleNamespaces(actor: Actor, permission: Permission): Promise<string[] | null> {
    const subject = await this.subject(actor);
    if (decideForOrganization(subject, permission).kind === 'perNamespace') {
      subject.namespaceGrants = await this.access.namespaceGrants(actor);
    }
    const visible = visibleNamespaces(subject, permission);
    if ('denied' in visible) throw forbidden();
    return visible.ids;
  }
}
