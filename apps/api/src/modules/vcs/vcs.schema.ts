import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Schemas } from '../../http/contract-types';
import { cascadingReference, createdAt, timestamptz, updatedAt } from '../../db/columns';
import { organizationId, tenantColumns } from '../../db/tenant-columns';

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
    /** known_hosts lines of a self-hosted server's SSH host keys (public): the only keys SSH clones trust besides the hosted services'. */
    sshKnownHosts: text('ssh_known_hosts'),
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

/**
 * The webhook deliveries received, one row each (the code host's delivery id, or a hash of the
 * bytes when it sends none): a redelivery finds its row and starts nothing again. Written in the
 * same transaction as the runs the delivery started.
 */
export const vcsWebhookDeliveries = pgTable(
  'vcs_webhook_deliveries',
  {
    providerId: cascadingReference('provider_id', () => vcsProviders.id),
    deliveryKey: text('delivery_key').notNull(),
    organizationId: organizationId(),
    event: text('event').notNull(),
    runIds: jsonb('run_ids').$type<string[]>().notNull().default([]),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.deliveryKey] }), index('vcs_webhook_deliveries_received_idx').on(t.receivedAt)],
);

/**
 * The pull-request plans whose summary goes back to the pull request (an outbox): written with the
 * plan run, posted once the run finishes. One comment per pull request and stack, edited by later
 * plans (`commentId` of the newest posted row).
 */
export const vcsPullRequestComments = pgTable(
  'vcs_pull_request_comments',
  {
    runId: text('run_id').primaryKey(),
    organizationId: organizationId(),
    providerId: cascadingReference('provider_id', () => vcsProviders.id),
    stackId: text('stack_id').notNull(),
    repoName: text('repo_name').notNull(),
    pullRequest: integer('pull_request').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'failed', 'superseded'] }).notNull().default('pending'),
    commentId: text('comment_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vcs_pr_comments_thread_idx').on(t.organizationId, t.providerId, t.repoName, t.pullRequest, t.stackId, t.createdAt),
    index('vcs_pr_comments_pending_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
