import { CM_DEFAULT_RUNNER_GROUP, isRunActive, type RunStatus } from '@terrace/domain';
import { inOrganization, readOrganization } from '../../db/scope';
import { DomainError } from '../../http/domain-error';
import { recordAudit, type AuditInitiator } from '../audit/audit.service';
import { auditEntityOf } from '../runs/run-jobs.service';
import { beginRun, inRunsTransaction, systemActor } from '../runs/run-state.service';
import { runForSystem } from '../runs/runs.service';
import { stackForRuns } from '../stacks/stack-runs.service';
import { deleteStackAsSystem, setStackStatus, stacksPastTtl } from '../stacks/stacks.service';
import {
  findTemplate,
  findTemplateStack,
  insertEvent,
  insertTemplateStack,
  lockTemplateStack,
  pendingTemplateStacks,
  updateTemplateStack,
  type TemplateStackRow,
} from './templates.repository';
import type { TemplatesDeps } from './templates.service';

// The time-to-live job (cron every minute, design §5.12): an ephemeral stack past its time to live
// gets a destroy run (trigger ttl, approved automatically); when that run succeeds the stack is
// deleted (stackDeleted), when it fails the stack is marked stackPassedItsTTL. The same pass
// reports how the first deployments of template stacks and the initializations of blueprint
// stacks ended (their events and init statuses): the runs domain is only read, never hooked.

export const TTL_JOB_NAME = 'stack-ttl';
export const ttlInitiator: AuditInitiator = { name: 'time to live', type: 'system', userId: null };
const initiatorOnRun = { userName: 'Time to live', userType: 'system' };

export interface LifecyclePass {
  /** Stacks whose destroy run this pass started. */
  destroysStarted: string[];
  /** Stacks deleted after their destroy succeeded. */
  deleted: string[];
  /** Stacks marked stackPassedItsTTL after their destroy failed. */
  failed: string[];
}

/** One pass of the job at `now` (tests call it with an advanced clock). */
export async function runStackLifecycle(deps: TemplatesDeps, now: Date, only?: { organizationId: string }): Promise<LifecyclePass> {
  const pass: LifecyclePass = { destroysStarted: [], deleted: [], failed: [] };
  // `only` confines the expiry scan to one organization (tests sharing a database with others).
  for (const stack of await stacksPastTtl(deps.stacks, now, 200, only?.organizationId)) {
    if (await startTtlDestroy(deps, stack.organizationId, stack.id)) pass.destroysStarted.push(stack.id);
  }
  for (const followed of await pendingTemplateStacks(deps.db, 200)) {
    await reportRuns(deps, followed, pass);
  }
  return pass;
}

/** Starts the destroy of an expired stack unless one is already under way; answers whether it did. */
async function startTtlDestroy(deps: TemplatesDeps, organizationId: string, stackId: string): Promise<boolean> {
  const stack = await stackForRuns(deps.db, organizationId, stackId);
  if (!stack) return false;
  const templateId = (await readOrganization(deps.db, organizationId, (scope) => findTemplateStack(scope, stackId)))?.templateId ?? null;
  const template = templateId ? await readOrganization(deps.db, organizationId, (scope) => findTemplate(scope, templateId)) : undefined;
  return inRunsTransaction(deps.db, organizationId, deps.runs, async (t) => {
    // Plain ephemeral stacks (a TTL set on the stack itself) are followed from their first expiry.
    let followed = await lockTemplateStack(t.scope, stackId);
    if (!followed) {
      await insertTemplateStack(t.scope, { stackId, stackName: stack.name, deployReported: true });
      followed = await lockTemplateStack(t.scope, stackId);
    }
    if (!followed || (followed.destroyRunId && !followed.destroyReported)) return false;
    const run = await beginRun(
      t,
      {
        kind: 'destroy',
        namespaceId: stack.namespaceId,
        stackId: stack.id,
        stackCreatedBy: stack.createdBy,
        trigger: 'ttl',
        initiator: initiatorOnRun,
        gitInfo: {
          ...(stack.data.vcsInfo?.repoName ? { repoName: stack.data.vcsInfo.repoName } : {}),
          ...(stack.data.vcsInfo?.branch ? { branch: stack.data.vcsInfo.branch } : {}),
        },
        iacType: stack.iacType,
        iacVersion: stack.settings.iacVersion.value ?? null,
        config: {
          isDestroy: true,
          runnerGroupId: stack.settings.runnerConfig.value?.groups?.[0] ?? CM_DEFAULT_RUNNER_GROUP,
          ...(template?.skipStateRefreshOnDestroy ? { refresh: false } : {}),
        },
        // The time to live decided already: nobody is asked to approve its destroy.
        approvalRules: [{ type: 'autoApprove' }],
        createdBy: null,
      },
      systemActor,
    );
    await recordAudit(t.scope, ttlInitiator, { entityType: auditEntityOf(run.kind), entityId: run.id, entityName: stack.name, action: 'create' });
    await updateTemplateStack(t.scope, stackId, { destroyRunId: run.id, destroyReported: false });
    await insertEvent(t.scope, {
      type: 'resourceTerminationStarted',
      templateId: followed.templateId,
      blueprintId: followed.blueprintId,
      stackId,
      stackName: stack.name,
      runId: run.id,
      message: 'The time to live passed: destroying the stack’s resources',
    });
    return true;
  });
}

async function runOutcome(deps: TemplatesDeps, organizationId: string, runId: string): Promise<'active' | 'succeeded' | 'failed' | 'gone'> {
  const run = await runForSystem(deps.runs, organizationId, runId);
  if (!run) return 'gone';
  const status = run.status as RunStatus;
  if (isRunActive(status)) return 'active';
  return status === 'succeeded' ? 'succeeded' : 'failed';
}

async function reportRuns(deps: TemplatesDeps, followed: TemplateStackRow, pass: LifecyclePass): Promise<void> {
  const org = followed.organizationId;
  const base = { templateId: followed.templateId, blueprintId: followed.blueprintId, stackId: followed.stackId, stackName: followed.stackName };

  let waiting = false;
  if (followed.deployRunId && !followed.deployReported) {
    const outcome = await runOutcome(deps, org, followed.deployRunId);
    waiting = outcome === 'active';
    if (outcome !== 'active') {
      const blueprint = followed.blueprintId !== null;
      await inOrganization(deps.db, org, async (scope) => {
        const row = await lockTemplateStack(scope, followed.stackId);
        if (!row || row.deployReported) return;
        await updateTemplateStack(scope, followed.stackId, {
          deployReported: true,
          ...(blueprint ? { initStatus: outcome === 'succeeded' ? 'succeeded' : 'failed' } : {}),
          ...(outcome === 'failed' ? { errorMessage: `The run ${followed.deployRunId} did not succeed` } : {}),
        });
        if (outcome !== 'gone') {
          await insertEvent(scope, {
            ...base,
            type: outcome === 'succeeded' ? 'resourceCreationComplete' : 'resourceCreationFailed',
            runId: followed.deployRunId,
            message: outcome === 'succeeded' ? 'The stack’s resources were created' : 'Creating the stack’s resources failed',
          });
        }
      });
      if (blueprint && outcome !== 'gone') {
        await setStackStatus(deps.stacks, org, ttlInitiator, followed.stackId, {
          initStatus: outcome === 'succeeded' ? 'succeeded' : 'failed',
          ...(outcome === 'failed' ? { errorState: 'blueprintInitializationFailed' } : {}),
        });
      }
    }
  }

  if (followed.destroyRunId && !followed.destroyReported) {
    const outcome = await runOutcome(deps, org, followed.destroyRunId);
    if (outcome === 'active') waiting = true;
    else await reportDestroy(deps, followed, outcome, pass);
  }
  // Runs still going are looked at again after the others (the pass reads the least recently seen first).
  if (waiting) await inOrganization(deps.db, org, (scope) => updateTemplateStack(scope, followed.stackId, { updatedAt: new Date() }));
}

async function reportDestroy(deps: TemplatesDeps, followed: TemplateStackRow, outcome: 'succeeded' | 'failed' | 'gone', pass: LifecyclePass): Promise<void> {
  const org = followed.organizationId;
  const base = { templateId: followed.templateId, blueprintId: followed.blueprintId, stackId: followed.stackId, stackName: followed.stackName };
  if (outcome === 'succeeded') {
    // A run started on the stack since keeps it until the next pass.
    const deleted = await deleteStackAsSystem(deps.stacks, org, ttlInitiator, followed.stackId).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'conflict') return null;
      throw error;
    });
    if (deleted === null) return;
    // The deletion recorded stackDeleted (recordStackRemoval, through the stacks module).
    await inOrganization(deps.db, org, async (scope) => {
      await insertEvent(scope, { ...base, type: 'resourceTerminationComplete', runId: followed.destroyRunId, message: 'The stack’s resources were destroyed' });
      await updateTemplateStack(scope, followed.stackId, { destroyReported: true });
    });
    if (deleted) pass.deleted.push(followed.stackId);
    return;
  }
  await inOrganization(deps.db, org, async (scope) => {
    await updateTemplateStack(scope, followed.stackId, { destroyReported: true, errorMessage: `The destroy run ${followed.destroyRunId} did not succeed` });
    if (outcome === 'failed') {
      await insertEvent(scope, { ...base, type: 'resourceTerminationFailed', runId: followed.destroyRunId, message: 'Resource Termination Failed' });
    }
  });
  await setStackStatus(deps.stacks, org, ttlInitiator, followed.stackId, { errorState: 'stackPassedItsTTL' });
  pass.failed.push(followed.stackId);
}
