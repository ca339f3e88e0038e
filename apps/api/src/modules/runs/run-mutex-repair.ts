import { recordAudit } from '../audit/audit.service';
import { stacksHoldingRunMutex } from '../stacks/stack-runs.service';
import { inRunsTransaction, repairStackRunMutex } from './run-state.service';
import type { RunJobsDeps } from './run-jobs.service';
import { runStatusesByIds, stacksWithWaitingRuns } from './runs.repository';
import { isRunActive, type RunStatus } from '@terrace/domain';

export interface MutexRepairs {
  released: number;
  promoted: number;
}

/**
 * The sweep behind design §5.2's two invariants, over every organization: a stack's run mutex is
 * held only by an active run, and a free stack has no mutating run waiting. Every end of a run
 * keeps both in its own transaction, so a repair is a bug signal: the job logs each count. Each
 * stack is repaired in its own transaction under its row lock (safe on several replicas at once).
 */
export async function repairRunMutexes(deps: Pick<RunJobsDeps, 'db' | 'approvalTimeoutMs'>, batch = 500): Promise<MutexRepairs> {
  const repairs: MutexRepairs = { released: 0, promoted: 0 };
  const held = await stacksHoldingRunMutex(deps.db, batch);
  const statuses = await runStatusesByIds(deps.db, held.map((h) => h.activeRunId));
  const suspects = held.filter((h) => {
    const status = statuses.get(h.activeRunId);
    return status === undefined || !isRunActive(status as RunStatus);
  });
  const waiting = await stacksWithWaitingRuns(deps.db, batch);
  const heldStacks = new Set(held.map((h) => h.stackId));
  const candidates = [...suspects, ...waiting.filter((w) => !heldStacks.has(w.stackId))];
  for (const { organizationId, stackId } of candidates) {
    const repaired = await inRunsTransaction(deps.db, organizationId, { approvalTimeoutMs: deps.approvalTimeoutMs }, async (t) => {
      const done = await repairStackRunMutex(t, stackId);
      if (done) {
        await recordAudit(t.scope, { name: 'run mutex repair', type: 'system', userId: null }, { entityType: 'stack', entityId: stackId, action: 'update' });
      }
      return done;
    });
    if (repaired) repairs[repaired] += 1;
  }
  return repairs;
}
