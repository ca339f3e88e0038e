import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { vcsProviders, vcsPullRequestComments, vcsWebhookDeliveries } from './vcs.schema';

type Executor = Database | Transaction;

export type VcsProviderRow = typeof vcsProviders.$inferSelect;
export type NewVcsProviderRow = Omit<typeof vcsProviders.$inferInsert, 'organizationId'>;
export type VcsProviderChanges = Partial<Omit<NewVcsProviderRow, 'id' | 'type' | 'createdAt' | 'createdBy'>>;

export interface VcsProviderFilter {
  providerId: string;
  type: string;
}

// Ordered by name (unique in the organization), on the index vcs_providers_org_name_key.
const providerList = pagedList<typeof vcsProviders, VcsProviderFilter>({
  name: 'vcs_providers',
  table: vcsProviders,
  orderBy: [asc(vcsProviders.name)],
  filters: {
    providerId: (id) => eq(vcsProviders.id, id),
    type: (type) => eq(vcsProviders.type, type),
  },
});

export function listProviders(scope: Scope, filter: Partial<VcsProviderFilter>, request: PageRequest): Promise<Page<VcsProviderRow>> {
  return scope.page(providerList, filter, request);
}

export function findProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  return scope.first(vcsProviders, eq(vcsProviders.id, id));
}

/** Reads and locks the provider's row until the transaction ends (webhook secret made once). */
export function lockProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  return scope.lockFirst(vcsProviders, eq(vcsProviders.id, id), 'update');
}

export function findProviderByName(scope: Scope, name: string): Promise<VcsProviderRow | undefined> {
  return scope.first(vcsProviders, eq(vcsProviders.name, name));
}

export function insertProvider(scope: Scope, row: NewVcsProviderRow): Promise<VcsProviderRow> {
  return scope.insert(vcsProviders, row);
}

export async function updateProvider(scope: Scope, id: string, changes: VcsProviderChanges): Promise<VcsProviderRow | undefined> {
  const [row] = await scope.update(vcsProviders, changes, eq(vcsProviders.id, id));
  return row;
}

export async function deleteProvider(scope: Scope, id: string): Promise<VcsProviderRow | undefined> {
  const [row] = await scope.delete(vcsProviders, eq(vcsProviders.id, id));
  return row;
}

/** Whether the organization has any provider (one row read, on vcs_providers_org_id_idx). */
export async function hasAnyProvider(scope: Scope): Promise<boolean> {
  return Boolean(await scope.first(vcsProviders));
}

/**
 * A provider found by id alone, whatever its organization: a code host's webhook names only the
 * provider, and proves itself with that provider's secret before anything else is read.
 */
export async function findProviderAnywhere(db: Executor, id: string): Promise<VcsProviderRow | undefined> {
  const [row] = await db.select().from(vcsProviders).where(eq(vcsProviders.id, id)).limit(1);
  return row;
}

// ---- Webhook deliveries

export type WebhookDeliveryRow = typeof vcsWebhookDeliveries.$inferSelect;

export const findDelivery = (scope: Scope, providerId: string, deliveryKey: string): Promise<WebhookDeliveryRow | undefined> =>
  scope.first(vcsWebhookDeliveries, and(eq(vcsWebhookDeliveries.providerId, providerId), eq(vcsWebhookDeliveries.deliveryKey, deliveryKey)) as SQL);

/** Records a delivery; false when it was already recorded (a redelivery), in this transaction or before. */
export const insertDeliveryIfAbsent = (scope: Scope, row: { providerId: string; deliveryKey: string; event: string; runIds: string[] }): Promise<boolean> =>
  scope.insertIfAbsent(vcsWebhookDeliveries, row);

export async function updateDeliveryRuns(scope: Scope, providerId: string, deliveryKey: string, runIds: string[]): Promise<void> {
  await scope.update(vcsWebhookDeliveries, { runIds }, and(eq(vcsWebhookDeliveries.providerId, providerId), eq(vcsWebhookDeliveries.deliveryKey, deliveryKey)) as SQL);
}

// ---- Pull-request comments (an outbox of finished plans to post)

export type PullRequestCommentRow = typeof vcsPullRequestComments.$inferSelect;

export const insertPullRequestComment = (scope: Scope, row: Omit<typeof vcsPullRequestComments.$inferInsert, 'organizationId'>) =>
  scope.insert(vcsPullRequestComments, row);

/** The pending comment of a run, locked (another poster holding it is skipped), whatever its organization. */
export async function lockPendingComment(tx: Transaction, runId: string): Promise<PullRequestCommentRow | undefined> {
  const [row] = await tx
    .select()
    .from(vcsPullRequestComments)
    .where(and(eq(vcsPullRequestComments.runId, runId), eq(vcsPullRequestComments.status, 'pending')))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Runs whose comment is due (pending, next attempt reached), oldest first. */
export async function dueCommentRunIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ runId: vcsPullRequestComments.runId })
    .from(vcsPullRequestComments)
    .where(and(eq(vcsPullRequestComments.status, 'pending'), lte(vcsPullRequestComments.nextAttemptAt, sql`now()`)))
    .orderBy(asc(vcsPullRequestComments.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.runId);
}

/** The other comments of the same pull request and stack (its thread), newest first. */
export const threadComments = (scope: Scope, row: PullRequestCommentRow): Promise<PullRequestCommentRow[]> =>
  scope.select(
    vcsPullRequestComments,
    and(
      eq(vcsPullRequestComments.providerId, row.providerId),
      eq(vcsPullRequestComments.repoName, row.repoName),
      eq(vcsPullRequestComments.pullRequest, row.pullRequest),
      eq(vcsPullRequestComments.stackId, row.stackId),
    ) as SQL,
    { orderBy: [desc(vcsPullRequestComments.createdAt), desc(vcsPullRequestComments.runId)], limit: 50 },
  );

export async function updatePullRequestComment(scope: Scope, runId: string, changes: Partial<typeof vcsPullRequestComments.$inferInsert>): Promise<void> {
  await scope.update(vcsPullRequestComments, { ...changes, updatedAt: new Date() }, eq(vcsPullRequestComments.runId, runId));
}

/** A lock held until the transaction ends, per pull request and stack: one comment, not two racing. */
export async function lockCommentThread(tx: Transaction, row: PullRequestCommentRow): Promise<void> {
  const key = `${row.organizationId}|${row.providerId}|${row.repoName}|${row.pullRequest}|${row.stackId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
