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
  /** Grants on single stacks (namespace permissions with a stack id) of the actor and its teams. */
  stackGrants?(actor: Actor): Promise<StackGrant[]>;
}

/** A namespace permission narrowed to one stack. */
export type StackGrant = NamespaceGrant & { stackId: string };

/** The stack a stack permission is checked on. */
export interface StackTarget {
  id: string;
  namespaceId: string;
  createdBy: string | null;
}

/** The marker tokens of `visibleStacks` (see there). */
export const ownStackToken = (namespaceOrStackId: string) => `own:${namespaceOrStackId}`;
export const creatorToken = (userId: string) => `by:${userId}`;

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

  /**
   * A stack permission on one stack, through the access model with the stack as the target: the
   * organization role, a grant on its namespace or All Namespaces, or a grant on the stack itself
   * (which counts as a grant on its namespace for that stack only); own-stack restrictions apply.
   */
  async requireOnStack(actor: Actor, permission: Permission, stack: StackTarget): Promise<void> {
    const subject = await this.subject(actor);
    const target: AccessTarget = { namespaceId: stack.namespaceId, stack: { createdByActor: stack.createdBy === actor.userId } };
    if (can(subject, permission, target).allowed) return;
    if (decideForOrganization(subject, permission).kind !== 'deny') {
      const onStack = ((await this.access.stackGrants?.(actor)) ?? []).filter((g) => g.stackId === stack.id);
      subject.namespaceGrants = [
        ...(await this.access.namespaceGrants(actor)),
        ...onStack.map(({ stackId: _stackId, ...g }) => ({ ...g, namespaceId: stack.namespaceId })),
      ];
      if (can(subject, permission, target).allowed) return;
    }
    throw forbidden();
  }

  /**
   * For stack lists, filtered in SQL before paging: null when the actor sees every stack,
   * otherwise tokens a stack must match — its namespace id, its own id, or `own:<namespace id,
   * stack id or *>` together with `by:<creator>` where a restriction narrows reading to own stacks.
   */
  async visibleStacks(actor: Actor, permission: Permission): Promise<string[] | null> {
    const subject = await this.subject(actor);
    const decision = decideForOrganization(subject, permission);
    if (decision.kind === 'deny') throw forbidden();
    const tokens = [creatorToken(actor.userId)];
    if (decision.kind === 'allow') {
      if (can(subject, permission, { stack: { createdByActor: false } }).allowed) return null;
      tokens.push(ownStackToken('*'));
    }
    // Each grant on its own, as a namespace-only holder of just that grant.
    const grants: (NamespaceGrant & { stackId?: string })[] = [
      ...(await this.access.namespaceGrants(actor)),
      ...((await this.access.stackGrants?.(actor)) ?? []),
    ];
    for (const grant of grants) {
      const holder: AccessSubject = { organizationType: subject.organizationType, role: 'namespaceGrant', customRole: null, namespaceGrants: [grant] };
      const namespaceId = grant.namespaceId ?? 'ns-any';
      const place = grant.stackId ?? grant.namespaceId;
      if (can(holder, permission, { namespaceId, stack: { createdByActor: false } }).allowed) {
        if (place === null) return null;
        tokens.push(place);
      } else if (can(holder, permission, { namespaceId, stack: { createdByActor: true } }).allowed) {
        tokens.push(ownStackToken(place ?? '*'));
      }
    }
    return tokens;
  }
}
