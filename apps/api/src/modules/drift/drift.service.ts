import { classifyDrift, driftReportPeriodDays, isRunActive, type DriftPlanJson, type DriftState, type RunStatus } from '@terrace/domain';
import { newId } from '../../crypto/ids';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { readOrganization, Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { runPlanJson } from '../runs/run-jobs.service';
import { beginRun, inRunsTransaction, systemActor, type RunsTx, type TransitionActor } from '../runs/run-state.service';
import { runForSystem, stackRunOf, type RunsDeps } from '../runs/runs.service';
import { recordStackDrift, stackDriftStates, stackIdsForReport } from '../stacks/stack-drift.service';
import { stackForRuns, type StackForRuns } from '../stacks/stack-runs.service';
import {
  findActiveCheck,
  findCheck,
  findCheckOfRun,
  historyCounts,
  insertCheck,
  insertResources,
  latestCheck,
  recordHistory,
  resourcesOfCheck,
  updateCheck,
  type DriftCheckRow,
} from './drift.repository';

// Drift detection (automation §4, §7; design §5.10): a drift check is a drift run of the stack (a
// plan with refresh, never locking the state, lowest job priority) started on demand, on the
// stack's schedule (drift-schedule.service) or after a successful deployment. When the run ends,
// in the transaction of its terminal transition, its plan JSON is classified (@terrace/domain
// classifyDrift), the drifted resources stored, the stack's drift state and the day's history
// written, and auto sync starts a deployment when the stack asks for it.

export interface DriftDeps {
  db: Database;
  engine: PermissionEngine;
  /** The runs domain's dependencies: drift checks and remediations are its runs. */
  runs: RunsDeps;
  /** Drift checks in flight per organization the schedule allows (design §5.10: 5). */
  organizationBudget?: number;
  /** The clock of scheduled work and history days (tests pass their own). */
  now?: () => Date;
  /** Where a failure of the drift bookkeeping at a run's end is reported (the run's end is not undone). */
  logger?: { error: (details: object, message: string) => void };
}

export type DriftCheckTrigger = DriftCheckRow['trigger'];

/** Who runs system-started drift work, as the audit trail and the run's initiator show it. */
export const driftSystemName = 'Drift detection';
export const driftSystemInitiator: AuditInitiator = { name: driftSystemName, type: 'system', userId: null };

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const stackTarget = (stack: StackForRuns) => ({ id: stack.id, namespaceId: stack.namespaceId, createdBy: stack.createdBy });

/** The stack the actor may `permission` on; an unknown id is 404 once the actor could act at all. */
export async function stackFor(deps: DriftDeps, actor: Actor, stackId: string, permission: Parameters<PermissionEngine['require']>[1]): Promise<StackForRuns> {
  const stack = await stackForRuns(deps.db, actor.organizationId, stackId);
  if (!stack) {
    await deps.engine.require(actor, permission, {});
    throw notFound('Stack', stackId);
  }
  await deps.engine.requireOnStack(actor, permission, stackTarget(stack));
  return stack;
}

export const driftDetectionEnabled = (stack: StackForRuns) => stack.settings.capabilities.driftDetection.status === 'enabled';

// ---------------------------------------------------------------------------------------------
// Starting checks

export interface CheckStart {
  trigger: DriftCheckTrigger;
  actor: Actor | null;
  /** postApply: the deployment the check follows; auto sync does not answer a check after its own deployment. */
  afterRun?: { id: string; trigger: string };
}

/**
 * Starts a drift check of the stack in the caller's transaction: a drift run and its check row,
 * audited. Answers the check in flight instead when the stack already has one.
 */
export async function beginDriftCheck(deps: DriftDeps, t: RunsTx, stack: StackForRuns, start: CheckStart): Promise<{ check: DriftCheckRow; created: boolean }> {
  const active = await findActiveCheck(t.scope, stack.id);
  if (active) {
    // A check whose run ended without the check being recorded (its bookkeeping failed) does not hold the stack.
    const activeRun = await runForSystem(deps.runs, t.organizationId, active.runId);
    if (activeRun?.isActive !== false) return { check: active, created: false };
    await updateCheck(t.scope, active.id, { status: 'failed', driftState: 'unknown', errorMessage: `The drift run ended ${activeRun.status}`, finishedAt: new Date() });
  }
  const id = newId('driftDetection');
  const actor: TransitionActor = start.actor ? { kind: 'user', id: start.actor.userId } : systemActor;
  const run = await beginRun(
    t,
    stackRunOf(stack, start.actor, 'drift', { trigger: start.trigger, config: { driftDetectionId: id }, systemName: driftSystemName }),
    actor,
  );
  const check = await insertCheck(t.scope, {
    id,
    stackId: stack.id,
    namespaceId: stack.namespaceId,
    runId: run.id,
    trigger: start.trigger,
    status: 'queued',
    afterRunId: start.afterRun?.id ?? null,
    autoSyncAllowed: start.afterRun?.trigger !== 'drift',
    createdBy: start.actor?.userId ?? null,
  });
  const initiator = start.actor ? initiatorOf(start.actor) : driftSystemInitiator;
  await recordAudit(t.scope, initiator, { entityType: 'driftDetection', entityId: check.id, entityName: stack.name, action: 'create' });
  return { check, created: true };
}

/** POST /stack/driftDetection: a check of the stack now (or the one already in flight), pollable. */
export async function startDriftDetection(deps: DriftDeps, actor: Actor, stackId: string): Promise<Schemas['DriftDetection']> {
  const stack = await stackFor(deps, actor, stackId, 'driftDetection:start');
  let check: DriftCheckRow;
  try {
    ({ check } = await inRunsTransaction(deps.db, actor.organizationId, deps.runs, (t) => beginDriftCheck(deps, t, stack, { trigger: 'manual', actor })));
  } catch (error) {
    // Another request started one between our read and insert (one check in flight per stack).
    if (!isUniqueViolation(error)) throw error;
    const active = await readOrganization(deps.db, actor.organizationId, (scope) => findActiveCheck(scope, stack.id));
    if (!active) throw error;
    check = active;
  }
  return checkView(deps, actor.organizationId, check);
}

// ---------------------------------------------------------------------------------------------
// Views

/** The JobStatus of work driven by a run, read from the run while it is active. */
export function jobStatusOfRun(status: RunStatus): Schemas['JobStatus'] {
  if (isRunActive(status)) return status === 'notStarted' || status === 'queued' ? 'queued' : 'inProgress';
  if (status === 'succeeded' || status === 'finished' || status === 'skipped') return 'succeeded';
  if (status === 'canceled' || status === 'cancelling' || status === 'canceledByDependency' || status === 'canceledByFailedStackInitialization') return 'canceled';
  return 'failed';
}

async function checkView(deps: DriftDeps, organizationId: string, row: DriftCheckRow): Promise<Schemas['DriftDetection']> {
  let status = row.status as Schemas['JobStatus'];
  let startedAt: string | undefined;
  if (status === 'queued' || status === 'inProgress') {
    const run = await runForSystem(deps.runs, organizationId, row.runId);
    if (run) status = jobStatusOfRun(run.status as RunStatus);
    if (status === 'inProgress') startedAt = run?.updatedAt;
  }
  return {
    driftDetectionId: row.id,
    stackId: row.stackId,
    status,
    ...(row.driftState ? { driftState: row.driftState as DriftState } : {}),
    trigger: row.trigger,
    runId: row.runId,
    driftedResourceCount: row.driftedResourceCount,
    ...(row.errorMessage ? { errorMessage: row.errorMessage } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(startedAt ? { startedAt } : {}),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
  };
}

/** GET /stack/driftDetectionStatus: one check by id, or the stack's latest; none when never checked. */
export async function getDriftDetectionStatus(
  deps: DriftDeps,
  actor: Actor,
  query: { stackId?: string | undefined; driftDetectionId?: string | undefined },
): Promise<Schemas['DriftDetection'][]> {
  if (query.driftDetectionId) {
    const row = await readOrganization(deps.db, actor.organizationId, (scope) => findCheck(scope, query.driftDetectionId as string));
    if (!row || (query.stackId && row.stackId !== query.stackId)) {
      await deps.engine.require(actor, 'stack:read', {});
      throw notFound('Drift detection', query.driftDetectionId);
    }
    await stackFor(deps, actor, row.stackId, 'stack:read');
    return [await checkView(deps, actor.organizationId, row)];
  }
  if (!query.stackId) throw validationError('Give the stack or the drift detection', 'query.stackId');
  const stack = await stackFor(deps, actor, query.stackId, 'stack:read');
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => latestCheck(scope, stack.id, false));
  return row ? [await checkView(deps, actor.organizationId, row)] : [];
}

/** GET /stack/driftDetails: the resources the stack's latest successful check found drifted or waiting for a deployment. */
export async function getStackDriftDetails(deps: DriftDeps, actor: Actor, stackId: string): Promise<Schemas['DriftDetail'][]> {
  const stack = await stackFor(deps, actor, stackId, 'stack:read');
  return readOrganization(deps.db, actor.organizationId, async (scope) => {
    const check = await latestCheck(scope, stack.id, true);
    if (!check) return [];
    const rows = await resourcesOfCheck(scope, check.id);
    return rows.map((r) => ({
      resourceAddress: r.address,
      ...(r.resourceType ? { resourceType: r.resourceType } : {}),
      driftKind: r.driftKind as Schemas['DriftKind'],
      ...(r.deployRequiredKind ? { deployRequiredKind: r.deployRequiredKind as Schemas['DeployRequiredKind'] } : {}),
      attributes: r.attributes,
      stackResourceDriftId: `${check.id}/${r.address}`,
      driftDetectionId: check.id,
      detectedAt: (check.finishedAt ?? check.createdAt).toISOString(),
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// When runs end

/**
 * The runs domain's run-ended hook (inside the terminal transition's transaction): a drift run
 * finishes its check; a successful deployment or destroy that changed something starts a check.
 */
export async function driftRunEnded(deps: DriftDeps, t: RunsTx, run: Parameters<NonNullable<RunsTx['onRunEnded']>>[1]): Promise<void> {
  // In a savepoint: a failure here is reported, and never undoes the run's own terminal transition.
  try {
    await t.tx.transaction((savepoint) => onRunEnded(deps, { ...t, tx: savepoint, scope: new Scope(savepoint, t.organizationId) }, run));
  } catch (error) {
    deps.logger?.error({ err: error, runId: run.id, stackId: run.stackId }, 'Drift bookkeeping failed when a run ended');
  }
}

async function onRunEnded(deps: DriftDeps, t: RunsTx, run: Parameters<typeof driftRunEnded>[2]): Promise<void> {
  if (run.kind === 'drift') {
    await finishDriftCheck(deps, t, run);
    return;
  }
  if ((run.kind === 'deployment' || run.kind === 'destroy') && run.status === 'succeeded') {
    if ((run.planSummary as { hasChanges?: boolean } | null)?.hasChanges === false) return;
    const stack = await stackForRuns(deps.db, t.organizationId, run.stackId);
    if (!stack || !driftDetectionEnabled(stack)) return;
    await beginDriftCheck(deps, t, stack, { trigger: 'postApply', actor: null, afterRun: { id: run.id, trigger: run.trigger } });
  }
}

async function finishDriftCheck(deps: DriftDeps, t: RunsTx, run: Parameters<typeof driftRunEnded>[2]): Promise<void> {
  const check = await findCheckOfRun(t.scope, run.id);
  if (!check || (check.status !== 'queued' && check.status !== 'inProgress')) return;
  const now = deps.now?.() ?? new Date();
  const status = jobStatusOfRun(run.status as RunStatus);
  if (status === 'canceled') {
    await updateCheck(t.scope, check.id, { status: 'canceled', finishedAt: now });
    await recordAudit(t.scope, driftSystemInitiator, { entityType: 'driftDetection', entityId: check.id, action: 'update' });
    return;
  }
  const plan = status === 'succeeded' ? await runPlanJson(deps.runs, t, run.id) : null;
  if (!plan) {
    const errorMessage = run.errorSummary ?? (status === 'succeeded' ? 'The drift check produced no plan' : `The drift run ended ${run.status}`);
    await updateCheck(t.scope, check.id, { status: 'failed', driftState: 'unknown', errorMessage, finishedAt: now });
    await recordStackDrift(t.scope, check.stackId, { driftState: 'unknown', failed: true, checkedAt: now });
    await recordHistory(t.scope, check.stackId, utcDay(now), 'unknown');
    await recordAudit(t.scope, driftSystemInitiator, { entityType: 'driftDetection', entityId: check.id, action: 'update' });
    return;
  }
  const { driftState, resources } = classifyDrift(plan as DriftPlanJson);
  await insertResources(
    t.scope,
    resources.map((r) => ({
      checkId: check.id,
      stackId: check.stackId,
      address: r.resourceAddress,
      resourceType: r.resourceType ?? null,
      driftKind: r.driftKind,
      deployRequiredKind: r.deployRequiredKind ?? null,
      attributes: r.attributes,
    })),
  );
  const drifted = resources.filter((r) => r.driftKind !== 'deployRequired').length;
  await updateCheck(t.scope, check.id, { status: 'succeeded', driftState, driftedResourceCount: drifted, finishedAt: now });
  await recordStackDrift(t.scope, check.stackId, { driftState, failed: false, checkedAt: now });
  await recordHistory(t.scope, check.stackId, utcDay(now), driftState);
  await recordAudit(t.scope, driftSystemInitiator, { entityType: 'driftDetection', entityId: check.id, action: 'update' });
  if (driftState === 'drifted' && check.autoSyncAllowed) await autoSync(deps, t, check);
}

/** autoSync.deployWhenDriftDetected: the stack's code is deployed over the drift (trigger drift). */
async function autoSync(deps: DriftDeps, t: RunsTx, check: DriftCheckRow): Promise<void> {
  const stack = await stackForRuns(deps.db, t.organizationId, check.stackId);
  if (!stack?.data.autoSync?.deployWhenDriftDetected) return;
  const run = await beginRun(t, stackRunOf(stack, null, 'deployment', { trigger: 'drift', config: { driftDetectionId: check.id }, systemName: driftSystemName }), systemActor);
  await updateCheck(t.scope, check.id, { autoSyncRunId: run.id });
  await recordAudit(t.scope, driftSystemInitiator, { entityType: 'deployment', entityId: run.id, entityName: stack.name, action: 'create' });
}

// ---------------------------------------------------------------------------------------------
// The Drift Center's chart

const reportStates = ['drifted', 'inSync', 'inSyncRefreshRequired', 'inSyncDeployRequired', 'notChecked', 'unknown', 'deployRequired'] as const;
type ReportState = (typeof reportStates)[number];
const pointOf = (date: string, counts: Record<string, number>): Schemas['DriftReportPoint'] => ({
  date,
  ...(Object.fromEntries(reportStates.map((s) => [s, counts[s] ?? 0])) as Record<ReportState, number>),
});

/**
 * GET /drift/report: per day of the period, the visible stacks by the drift state they had at its
 * end; the last point, today, counts them by their drift state now (a stack never checked is
 * notChecked): the Drift Center's count per state, in the same request as its chart.
 */
export async function getDriftReport(
  deps: DriftDeps,
  actor: Actor,
  query: { namespaceId?: string | undefined; daysBack?: number | undefined; period?: Schemas['DriftReportPeriod'] | undefined },
): Promise<Schemas['DriftReportPoint'][]> {
  const visible = (await deps.engine.visibleStacks(actor, 'stack:read')) ?? undefined;
  const now = deps.now?.() ?? new Date();
  const days = query.period ? driftReportPeriodDays(query.period, now) : (query.daysBack ?? driftReportPeriodDays('month', now));
  if (!Number.isInteger(days) || days < 1 || days > 366) throw validationError('daysBack must be between 1 and 366', 'query.daysBack');
  const to = utcDay(now);
  const from = utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000));
  const stackIds = await stackIdsForReport(deps.db, actor.organizationId, { namespaceId: query.namespaceId, visible });
  if (!stackIds.length) return [];
  const counts = await historyCounts(deps.db, actor.organizationId, stackIds, from, to);
  const byDay = new Map<string, Record<string, number>>();
  for (const c of counts) {
    const point = byDay.get(c.day) ?? {};
    point[c.driftState] = (point[c.driftState] ?? 0) + c.count;
    byDay.set(c.day, point);
  }
  const current: Record<string, number> = {};
  for (const state of (await stackDriftStates(deps.db, actor.organizationId, stackIds)).values()) current[state] = (current[state] ?? 0) + 1;
  byDay.set(to, current);
  const points: Schemas['DriftReportPoint'][] = [];
  for (let i = 0; i < days; i += 1) {
    const date = utcDay(new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000));
    points.push(pointOf(date, byDay.get(date) ?? {}));
  }
  return points;
}
