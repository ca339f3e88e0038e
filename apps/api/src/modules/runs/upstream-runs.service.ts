import { CM_DEFAULT_RUNNER_GROUP, isSuccessfulStatus, type RunStatus } from '@terrace/domain';
import type { Database } from '../../db/database';
import { recordAudit, type AuditInitiator } from '../audit/audit.service';
import { dependentsOf, upstreamStackIds } from '../stack-dependencies/stack-dependencies.service';
import { acquireStackRunMutex, lockStackRunMutex, stackForRuns } from '../stacks/stack-runs.service';
import { changedStackOutputs } from '../terraform-state/state-history.service';
import { beginRun, systemActor, transitionRun, type RunsTx } from './run-state.service';
import { lockActiveDeploymentsOf, lockRunsWaitingOn, updateRun, type RunRow } from './runs.repository';

// Runs and stack dependencies (design automation-core §5.11). A deployment of a stack whose
// upstream stacks have an active deployment waits (notStarted, blocked_by {kind: 'upstream'});
// when every upstream run it waits on has succeeded it is unblocked and takes its stack's mutex;
// when one of them fails or is cancelled it ends canceledByDependency. A deployment (or destroy)
// that succeeds starts a deployment of each stack depending on it: always, or only when one of
// the outputs the dependency references changed. All of it happens in the transaction of the
// transition (transitionRun), so a crash leaves nothing half done.

const dependencyKinds: readonly RunRow['kind'][] = ['deployment', 'destroy'];
const waitsOnUpstream = (kind: RunRow['kind']) => dependencyKinds.includes(kind);

/**
 * The active deployments of the stacks `stackId` depends on, share-locked. Called before the
 * stack's own row is locked, so upstream and downstream transactions take locks in one order.
 */
export async function activeUpstreamRuns(t: RunsTx, kind: RunRow['kind'], stackId: string): Promise<string[]> {
  if (!waitsOnUpstream(kind)) return [];
  const upstream = await upstreamStackIds(t.scope, stackId);
  return lockActiveDeploymentsOf(t.tx, t.organizationId, upstream);
}

const dependencyInitiator: AuditInitiator = { name: 'stack dependency', type: 'system', userId: null };

/** A waiting run whose upstream runs all ended well: wait for others that started since, or take the stack. */
async function release(t: RunsTx, waiting: RunRow, endedRunId: string): Promise<void> {
  const still = (await activeUpstreamRuns(t, waiting.kind, waiting.stackId)).filter((id) => id !== endedRunId);
  if (still.length) {
    await updateRun(t.scope, waiting.id, { blockedBy: { kind: 'upstream', runIds: still } });
    return;
  }
  const stack = await lockStackRunMutex(t.scope, waiting.stackId);
  if (stack && (await acquireStackRunMutex(t.scope, waiting.stackId, waiting.id))) {
    await transitionRun(t, waiting.id, 'queue', systemActor, { reason: `The upstream run ${endedRunId} succeeded` });
    return;
  }
  await updateRun(t.scope, waiting.id, { blockedBy: { kind: 'stackMutex', runId: stack?.activeRunId ?? null } });
}

/** Starts a deployment of each dependent stack the succeeded run should trigger. */
async function triggerDependents(t: RunsTx, run: RunRow): Promise<void> {
  const edges = await dependentsOf(t.scope, run.stackId);
  if (!edges.length) return;
  const changed = edges.some((e) => e.triggerOption === 'onReferenceValueChange') ? await changedStackOutputs(t.scope, t.envelope, run.stackId, run.id) : [];
  for (const edge of edges) {
    if (edge.triggerOption === 'onReferenceValueChange' && !edge.references.some((r) => changed.includes(r.outputOfStackToDependOn))) continue;
    // The transaction stands for the database here: the stack's settings are read in it.
    const stack = await stackForRuns(t.tx as unknown as Database, t.organizationId, edge.stackId);
    if (!stack) continue;
    const started = await beginRun(
      t,
      {
        kind: 'deployment',
        namespaceId: stack.namespaceId,
        stackId: stack.id,
        stackCreatedBy: stack.createdBy,
        trigger: 'dependency',
        upstreamRunId: run.id,
        initiator: { userName: `Dependency on run ${run.id}`, userType: 'system' },
        gitInfo: {
          ...(stack.data.vcsInfo?.repoName ? { repoName: stack.data.vcsInfo.repoName } : {}),
          ...(stack.data.vcsInfo?.branch ? { branch: stack.data.vcsInfo.branch } : {}),
        },
        iacType: stack.iacType,
        iacVersion: stack.settings.iacVersion.value ?? null,
        config: { runnerGroupId: stack.settings.runnerConfig.value?.groups?.[0] ?? CM_DEFAULT_RUNNER_GROUP },
        approvalRules: (stack.settings.deploymentApprovalPolicy.value?.rules ?? []) as unknown[],
        createdBy: null,
      },
      systemActor,
    );
    await recordAudit(t.scope, dependencyInitiator, { entityType: 'deployment', entityId: started.id, entityName: stack.name, action: 'create' });
  }
}

/** After `run` ended in `to` (called by transitionRun, in its transaction). */
export async function settleDownstream(t: RunsTx, run: RunRow, to: RunStatus): Promise<void> {
  if (!waitsOnUpstream(run.kind)) return;
  const ok = isSuccessfulStatus(to);
  for (const waiting of await lockRunsWaitingOn(t.tx, t.organizationId, run.id)) {
    if (!ok) {
      await transitionRun(t, waiting.id, 'upstreamFailed', systemActor, { reason: `The upstream run ${run.id} ended ${to}`, errorSummary: `The upstream run ${run.id} ended ${to}` });
      continue;
    }
    const rest = ((waiting.blockedBy?.['runIds'] as string[] | undefined) ?? []).filter((id) => id !== run.id);
    if (rest.length) await updateRun(t.scope, waiting.id, { blockedBy: { kind: 'upstream', runIds: rest } });
    else await release(t, waiting, run.id);
  }
  if (to === 'succeeded') await triggerDependents(t, run);
}
