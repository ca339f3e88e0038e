import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.schema';
import { customRoles } from '../custom-roles/custom-roles.schema';

export const programmaticUsers = pgTable(
  'programmatic_users',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Unique in the organization: namespace permissions name programmatic users by name.
    name: text('name').notNull(),
    description: text('description'),
    orgRole: text('org_role').notNull(),
    customRoleId: text('custom_role_id').references(() => customRoles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('programmatic_users_org_name_key').on(t.organizationId, t.name)],
);

/** API tokens of programmatic users: only the SHA-256 of the secret is kept (crypto/opaque-token). */
export const programmaticUserTokens = pgTable(
  'programmatic_user_tokens',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    programmaticUserId: text('programmatic_user_id')
      .notNull()
      .references(() => programmaticUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('programmatic_user_tokens_hash_key').on(t.tokenHash),
    index('programmatic_user_tokens_user_idx').on(t.organizationId, t.programmaticUserId),
  ],
);
