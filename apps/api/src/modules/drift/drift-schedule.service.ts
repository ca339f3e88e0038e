import { sql } from 'drizzle-orm';
import { nextDriftCheckAt } from '@terrace/domain';
import { Scope } from '../../db/scope';
import { DEFAULT_APPROVAL_TIMEOUT_MS, type RunsTx } from '../runs/run-state.service';
import { lockDueDriftStacks, scheduleStackDrift } from '../stacks/stack-drift.service';
import { stackForRuns } from '../stacks/stack-runs.service';
import { countActiveChecks, recordFirstHistory } from './drift.repository';
import { beginDriftCheck, driftDetectionEnabled, type DriftDeps } from './drift.service';

// The drift schedule (design §5.10): a cron job every minute takes the stacks whose slot is due
// (FOR UPDATE SKIP LOCKED, so two replicas never take the same stack), and starts their drift
// checks, at most `organizationBudget` in flight per organization (an organization's budget is
// counted under its advisory lock, so two replicas' ticks do not both spend it). A stack keeps its
// slot (spread across the hour by its id) until it gets a check; a stack without a slot gets one.

export const DRIFT_TICK_JOB = 'drift-tick';
export const DEFAULT_ORGANIZATION_DRIFT_BUDGET = 5;
/** Due stacks one tick looks at. */
const TICK_BATCH = 500;

export interface DriftTickResult {
  /** Drift checks started. */
  started: string[];
  /** Stacks that got their first slot. */
  scheduled: number;
  /** Due stacks left for a later tick (their organization's budget is spent or another tick holds it). */
  deferred: number;
}

/**
 * One tick of the drift schedule at `now` (the job's handler; tests call it with an advanced clock,
 * limited to their own organizations).
 */
export async function runDriftSchedule(deps: DriftDeps, now: Date, options: { organizationIds?: readonly string[] } = {}): Promise<DriftTickResult> {
  const budget = deps.organizationBudget ?? DEFAULT_ORGANIZATION_DRIFT_BUDGET;
  const result: DriftTickResult = { started: [], scheduled: 0, deferred: 0 };
  await deps.db.transaction(async (tx) => {
    const due = await lockDueDriftStacks(tx, now, TICK_BATCH, options.organizationIds);
    const byOrganization = new Map<string, typeof due>();
    for (const stack of due) byOrganization.set(stack.organizationId, [...(byOrganization.get(stack.organizationId) ?? []), stack]);
    for (const [organizationId, stacks] of byOrganization) {
      const t: RunsTx = {
        tx,
        scope: new Scope(tx, organizationId),
        organizationId,
        approvalTimeoutMs: deps.runs.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
        onRunEnded: deps.runs.onRunEnded,
      };
      // New stacks get their slot whatever the budget: they are notChecked until it comes.
      for (const stack of stacks.filter((s) => s.nextDriftAt === null)) {
        await scheduleStackDrift(t.scope, stack.id, nextDriftCheckAt(stack.id, now));
        await recordFirstHistory(t.scope, stack.id, now.toISOString().slice(0, 10), 'notChecked');
        result.scheduled += 1;
      }
      const waiting = stacks.filter((s) => s.nextDriftAt !== null);
      if (!waiting.length) continue;
      const locked = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`drift-budget:${organizationId}`}, 0)) as ok`);
      if (!locked.rows[0]?.ok) {
        result.deferred += waiting.length;
        continue;
      }
      let left = budget - (await countActiveChecks(t.scope));
      for (const due of waiting) {
        const stack = await stackForRuns(deps.db, organizationId, due.id);
        if (!stack) continue;
        if (!driftDetectionEnabled(stack)) {
          await scheduleStackDrift(t.scope, stack.id, nextDriftCheckAt(stack.id, now));
          continue;
        }
        if (left <= 0) {
          result.deferred += 1;
          continue;
        }
        // A check already in flight (on demand, after an apply) stands for this slot.
        const { check, created } = await beginDriftCheck(deps, t, stack, { trigger: 'schedule', actor: null });
        await scheduleStackDrift(t.scope, stack.id, nextDriftCheckAt(stack.id, now));
        if (!created) continue;
        result.started.push(check.id);
        left -= 1;
      }
    }
  });
  return result;
}
