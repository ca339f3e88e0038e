import { index, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../db/columns';
import { organizationId, userId } from '../../db/tenant-columns';

export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    customIdpId: text('custom_idp_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_org_name_key').on(t.organizationId, t.name), index('teams_org_idp_idx').on(t.organizationId, t.customIdpId)],
);

export const teamUsers = pgTable(
  'team_users',
  {
    organizationId: organizationId(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: userId(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_users_org_user_idx').on(t.organizationId, t.userId)],
);

export const customRoles = pgTable(
  'custom_roles',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ['organizationRole', 'namespaceRole'] }).notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    stackRestriction: text('stack_restriction', { enum: ['none', 'restrictReadToOwnStacks', 'restrictWriteToOwnStacks'] })
      .notNull()
      .default('none'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('custom_roles_org_name_key').on(t.organizationId, t.name)],
);

/** A grant on a namespace (null: All Namespaces), optionally narrowed to one stack. */
export const namespacePermissions = pgTable(
  'namespace_permissions',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    namespaceId: text('namespace_id'),
    stackId: text('stack_id'),
    principalType: text('principal_type', { enum: ['user', 'team', 'programmaticUser'] }).notNull(),
    principalId: text('principal_id').notNull(),
    role: text('role', { enum: ['viewer', 'admin'] }),
    customRoleId: text('custom_role_id').references(() => customRoles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('namespace_permissions_org_principal_idx').on(t.organizationId, t.principalType, t.principalId),
    index('namespace_permissions_org_ns_idx').on(t.organizationId, t.namespaceId),
    // One grant per principal and place (a null namespace is All Namespaces, a null stack the
    // whole namespace): concurrent creations of the same grant cannot both insert.
    unique('namespace_permissions_key')
      .on(t.organizationId, t.principalType, t.principalId, t.namespaceId, t.stackId)
      .nullsNotDistinct(),
  ],
);

export const customAbacConfigurations = pgTable(
  'custom_abac_configurations',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    customAbacId: text('custom_abac_id').notNull(),
    name: text('name').notNull(),
    roles: jsonb('roles').$type<{ orgId: string; orgRole: string; teamIds?: string[] }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('custom_abac_org_group_key').on(t.organizationId, t.customAbacId)],
);

export const programmaticUsers = pgTable(
  'programmatic_users',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('programmatic_users_org_name_key').on(t.organizationId, t.name)],
);

/** The columns of a bearer token shown once and stored as its SHA-256 (programmatic and personal tokens). */
export const bearerTokenColumns = () => ({
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull(),
  /** null: the token does not expire. */
  expiresAt: timestamptz('expires_at'),
  /** Last authenticated call, recorded at most once a minute. */
  lastUsedAt: timestamptz('last_used_at'),
  revokedAt: timestamptz('revoked_at'),
  createdAt: createdAt(),
});

export const programmaticTokens = pgTable(
  'programmatic_tokens',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    programmaticUserId: text('programmatic_user_id')
      .notNull()
      .references(() => programmaticUsers.id, { onDelete: 'cascade' }),
    ...bearerTokenColumns(),
  },
  (t) => [uniqueIndex('programmatic_tokens_hash_key').on(t.tokenHash), index('programmatic_tokens_user_idx').on(t.programmaticUserId)],
);
