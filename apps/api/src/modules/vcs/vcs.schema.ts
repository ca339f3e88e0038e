import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Schemas } from '../../http/contract-types';
import { tenantColumns } from '../../db/tenant-columns';

/** The host addresses of a provider, in their wire shape (`VcsProviderMetadataFields`). */
export type VcsProviderMetadata = Schemas['VcsProviderMetadataFields'];

export const vcsProviders = pgTable(
  'vcs_providers',
  {
    ...tenantColumns('vcsProvider'),
    name: text('name').notNull(),
    type: text('type').$type<Schemas['VcsType']>().notNull(),
    authType: text('auth_type').$type<Schemas['VcsAuthType']>(),
    gitCloneType: text('git_clone_type').$type<Schemas['GitCloneType']>(),
    metadata: jsonb('metadata').$type<VcsProviderMetadata>().notNull().default({}),
    /** The credentials as JSON, sealed by the SecretEnvelope (context: organization, provider id). Never returned. */
    credentials: text('credentials').notNull(),
    /** The webhook secret, sealed the same way; made on first request of the webhook calls. */
    webhookSecret: text('webhook_secret'),
    createdBy: text('created_by'),
  },
  (t) => [
    // Also the index of the list (filtered by organization, ordered by name).
    uniqueIndex('vcs_providers_org_name_key').on(t.organizationId, t.name),
    index('vcs_providers_org_id_idx').on(t.organizationId, t.id),
  ],
);
