import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Actor } from '../../permissions/actor';
import type { AccessLoader, NamespaceGrant, StackRestriction } from '../../permissions/permission-engine';
import { customRoles } from './iam.schema';
import { grantsFor } from './iam.repository';

/** Feeds the permission engine from the IAM tables (namespace permissions, custom roles). */
export function createAccessLoader(db: Database): AccessLoader {
  return {
    async namespaceGrants(actor: Actor): Promise<NamespaceGrant[]> {
      const principal = { type: actor.userType === 'programmaticUser' ? ('programmaticUser' as const) : ('user' as const), id: actor.userId };
      const rows = await grantsFor(db, actor.organizationId, principal);
      return rows.map((r) => ({
        namespaceId: r.namespaceId,
        stackId: r.stackId,
        role: r.role,
        customPermissions: r.permissions ?? [],
        stackRestriction: r.stackRestriction ?? 'none',
      }));
    },
    async customRoleRestriction(actor: Actor): Promise<StackRestriction> {
      if (!actor.customRoleId) return 'none';
      const [row] = await db.select().from(customRoles).where(eq(customRoles.id, actor.customRoleId)).limit(1);
      return row && row.organizationId === actor.organizationId && row.type === 'organizationRole' ? row.stackRestriction : 'none';
    },
    async customRolePermissions(actor: Actor): Promise<readonly string[]> {
      if (!actor.customRoleId) return [];
      // Scoped by the actor's organization: a custom role id from elsewhere grants nothing.
      const [row] = await db.select().from(customRoles).where(eq(customRoles.id, actor.customRoleId)).limit(1);
      return row && row.organizationId === actor.organizationId && row.type === 'organizationRole' ? row.permissions : [];
    },
  };
}
