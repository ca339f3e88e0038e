import type { CustomRoleGrant, NamespaceGrant } from '@terrace/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Actor } from '../../permissions/actor';
import type { AccessLoader, StackGrant } from '../../permissions/permission-engine';
import { customRoles } from './iam.schema';
import { grantsFor } from './iam.repository';

/**
 * Feeds the permission engine from the IAM tables (namespace permissions, custom roles); the
 * engine decides through @terrace/domain's access model.
 */
export function createAccessLoader(db: Database): AccessLoader {
  return {
    async namespaceGrants(actor: Actor): Promise<NamespaceGrant[]> {
      const principal = { type: actor.userType === 'programmaticUser' ? ('programmaticUser' as const) : ('user' as const), id: actor.userId };
      const rows = await grantsFor(db, actor.organizationId, principal);
      return rows.map((r) => ({
        namespaceId: r.namespaceId,
        role: r.role,
        customRole: r.role ? null : { permissions: r.permissions ?? [], stackRestriction: r.stackRestriction ?? 'none' },
      }));
    },
    async stackGrants(actor: Actor): Promise<StackGrant[]> {
      const principal = { type: actor.userType === 'programmaticUser' ? ('programmaticUser' as const) : ('user' as const), id: actor.userId };
      const rows = await grantsFor(db, actor.organizationId, principal, 'stack');
      return rows.map((r) => ({
        namespaceId: r.namespaceId,
        stackId: r.stackId as string,
        role: r.role,
        customRole: r.role ? null : { permissions: r.permissions ?? [], stackRestriction: r.stackRestriction ?? 'none' },
      }));
    },
    async customRole(actor: Actor): Promise<CustomRoleGrant | null> {
      if (!actor.customRoleId) return null;
      // Scoped by the actor's organization: a custom role id from elsewhere grants nothing.
      const [row] = await db.select().from(customRoles).where(eq(customRoles.id, actor.customRoleId)).limit(1);
      return row && row.organizationId === actor.organizationId && row.type === 'organizationRole'
        ? { permissions: row.permissions, stackRestriction: row.stackRestriction ?? 'none' }
        : null;
    },
  };
}
