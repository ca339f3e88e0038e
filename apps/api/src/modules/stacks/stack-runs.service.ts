import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { readOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { namespacesByIds } from '../namespaces/namespaces.service';
import { findStack, lockStack } from './stacks.repository';
import { stacks } from './stacks.schema';
import { effectiveSettings } from './stacks.service';

// What the runs domain reads and writes of a stack: its settings for a run, its run mutex
// (active_run_id, design §5.2) and its latest-run summary. Only the runs domain's transition
// function calls the writers, inside its transaction (the audit row is the run's).

/** A stack as a run needs it: where it is, its code and its effective settings. */
export interface StackForRuns {
  id: string;
  name: string;
  namespaceId: string;
  createdBy: string | null;
  iacType: 'terraform' | 'terragrunt' | 'opentofu';
  data: Schemas['StackData'];
  settings: Schemas['StackEffectiveSettings'];
  activeRunId: string | null;
}

/** The stack with its effective settings, or null when the organization has no such stack. */
export async function stackForRuns(db: Database, organizationId: string, stackId: string): Promise<StackForRuns | null> {
  const row = await readOrganization(db, organizationId, (scope) => findStack(scope, stackId));
  if (!row) return null;
  const ns = (await namespacesByIds(db, organizationId, [row.namespaceId])).get(row.namespaceId);
  const data = row.data as Schemas['StackData'];
  return {
    id: row.id,
    name: row.name,
    namespaceId: row.namespaceId,
    createdBy: row.createdBy,
    iacType: row.iacType,
    data,
    settings: effectiveSettings(row.iacType, data, ns),
    activeRunId: row.activeRunId,
  };
}

/** The organization's stacks whose code comes from this VCS provider, with their effective settings (run triggers). */
export async function stacksOfVcsProvider(db: Database, organizationId: string, providerId: string): Promise<StackForRuns[]> {
  const rows = await readOrganization(db, organizationId, (scope) => scope.select(stacks, sql`${stacks.data} -> 'vcsInfo' ->> 'providerId' = ${providerId}`));
  const namespaces = await namespacesByIds(db, organizationId, rows.map((r) => r.namespaceId));
  return rows.map((row) => {
    const data = row.data as Schemas['StackData'];
    return {
      id: row.id,
      name: row.name,
      namespaceId: row.namespaceId,
      createdBy: row.createdBy,
      iacType: row.iacType,
      data,
      settings: effectiveSettings(row.iacType, data, namespaces.get(row.namespaceId)),
      activeRunId: row.activeRunId,
    };
  });
}

/** The names of the organization's stacks by id (run lists show them). */
export async function stackNamesByIds(db: Database, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await readOrganization(db, organizationId, (scope) => scope.select(stacks, inArray(stacks.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Locks the stack row until the transaction ends and answers its run mutex holder. Every change of
 * the mutex (and every creation of a mutating run) starts here, so they are serialised per stack
 * and the next statement's snapshot sees the runs committed before the lock was granted.
 */
export async function lockStackRunMutex(scope: Scope, stackId: string): Promise<{ activeRunId: string | null } | undefined> {
  const row = await lockStack(scope, stackId);
  return row ? { activeRunId: row.activeRunId } : undefined;
}

// Run bookkeeping does not change the stack's own `updated_at` (the stacks list sorts by it).
const keepUpdatedAt = sql`${stacks.updatedAt}` as unknown as Date;

/** Compare-and-set: takes the mutex for `runId` when it is free; answers whether it did. */
export async function acquireStackRunMutex(scope: Scope, stackId: string, runId: string): Promise<boolean> {
  const rows = await scope.update(stacks, { activeRunId: runId, updatedAt: keepUpdatedAt }, and(eq(stacks.id, stackId), isNull(stacks.activeRunId)) as never);
  return rows.length > 0;
}

/** Compare-and-set: hands the mutex held by `fromRunId` to `toRunId` (null frees it); answers whether it held. */
export async function handOverStackRunMutex(scope: Scope, stackId: string, fromRunId: string, toRunId: string | null): Promise<boolean> {
  const rows = await scope.update(stacks, { activeRunId: toRunId, updatedAt: keepUpdatedAt }, and(eq(stacks.id, stackId), eq(stacks.activeRunId, fromRunId)) as never);
  return rows.length > 0;
}

/**
 * The stack's latest-run summary: a new run becomes the latest; a status change of the latest
 * run is copied (a status change of an older run leaves the summary alone).
 */
export async function recordStackLatestRun(
  scope: Scope,
  stackId: string,
  run: { id: string; status: string; createdAt: Date },
  isNew: boolean,
): Promise<void> {
  if (isNew) {
    await scope.update(
      stacks,
      { latestRunId: run.id, latestRunStatus: run.status, latestRunAt: run.createdAt, updatedAt: keepUpdatedAt },
      eq(stacks.id, stackId),
    );
    return;
  }
  await scope.update(stacks, { latestRunStatus: run.status, updatedAt: keepUpdatedAt }, and(eq(stacks.id, stackId), eq(stacks.latestRunId, run.id)) as never);
}

/**
 * For the runs module's mutex repair (a system sweep over every organization): stacks whose run
 * mutex is held, oldest change first.
 */
export async function stacksHoldingRunMutex(db: Database, limit: number): Promise<{ organizationId: string; stackId: string; activeRunId: string }[]> {
  const rows = await db
    .select({ organizationId: stacks.organizationId, stackId: stacks.id, activeRunId: stacks.activeRunId })
    .from(stacks)
    .where(isNotNull(stacks.activeRunId))
    .limit(limit);
  return rows.flatMap((row) => (row.activeRunId ? [{ ...row, activeRunId: row.activeRunId }] : []));
}
