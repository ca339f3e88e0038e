import { boolean, index, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/tenant-columns';

export const variables = pgTable(
  'variables',
  {
    ...tenantColumns('variable'),
    /** organization, namespace, template, blueprint or stack. */
    scope: text('scope').notNull(),
    /** The namespace, template, blueprint or stack; null at organization scope. */
    scopeId: text('scope_id'),
    key: text('key').notNull(),
    type: text('type').notNull(),
    /** The value of a variable that is not sensitive; null for a sensitive one. */
    value: text('value'),
    /** A sensitive value, sealed with the SecretEnvelope (bound to the organization and the variable id). */
    sealedValue: text('sealed_value'),
    displayName: text('display_name'),
    description: text('description'),
    isSensitive: boolean('is_sensitive').notNull().default(false),
    isOverridable: boolean('is_overridable').notNull().default(true),
    isRequired: boolean('is_required').notNull().default(false),
    /** A Terraform variable whose value is one HCL expression (list, map, number, bool) rather than a string. */
    isHcl: boolean('is_hcl').notNull().default(false),
    valueConditions: jsonb('value_conditions').$type<unknown[]>().notNull().default([]),
    blueprintManagedBy: text('blueprint_managed_by'),
    createdBy: text('created_by'),
  },
  (t) => [
    // One key per scope and type; concurrent creations of the same key cannot both insert.
    unique('variables_scope_key').on(t.organizationId, t.scope, t.scopeId, t.type, t.key).nullsNotDistinct(),
    index('variables_org_key_idx').on(t.organizationId, t.key),
  ],
);
