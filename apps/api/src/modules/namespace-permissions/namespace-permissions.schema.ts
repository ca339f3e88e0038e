import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from '../accounts/accounts.schema';
import { customRoles } from '../custom-roles/custom-roles.schema';
import { namespaces } from '../namespaces/namespaces.schema';
import { programmaticUsers } from '../programmatic-users/programmatic-users.schema';
import { teams } from '../teams/teams.schema';

/**
 * Grants of a role on a namespace (or one of its stacks, or every namespace) to one principal.
 * No id on the wire: the key is (namespace, stack, principal), enforced by the unique index.
 * Foreign keys cascade, so deleting a namespace, team, programmatic user or user drops its grants.
 */
export const namespacePermissions = pgTable(
  'namespace_permissions',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** null: All Namespaces (`*` on the wire). */
    namespaceId: text('namespace_id').references(() => namespaces.id, { onDelete: 'cascade' }),
    // Stacks have no table yet, so the stack id is kept as given (its format checked).
    stackId: text('stack_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userEmail: text('user_email'),
    programmaticUserId: text('programmatic_user_id').references(() => programmaticUsers.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['viewer', 'admin'] }),
    customRoleId: text('custom_role_id').references(() => customRoles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('namespace_permissions_key').on(
      t.organizationId,
      sql`coalesce(${t.namespaceId}, '*')`,
      sql`coalesce(${t.stackId}, '')`,
      sql`coalesce(${t.userId}, '')`,
      sql`coalesce(${t.programmaticUserId}, '')`,
      sql`coalesce(${t.teamId}, '')`,
    ),
    index('namespace_permissions_org_ns_idx').on(t.organizationId, t.namespaceId),
    check(
      'namespace_permissions_one_principal',
      sql`num_nonnulls(${t.userId}, ${t.programmaticUserId}, ${t.teamId}) = 1`,
    ),
    check('namespace_permissions_one_role', sql`num_nonnulls(${t.role}, ${t.customRoleId}) = 1`),
  ],
);
