import type { RunStatus } from '@terrace/domain';
import { newId } from '../../crypto/ids';
import { readOrganization } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { beginRun, inRunsTransaction } from '../runs/run-state.service';
import { runForSystem, stackRunOf } from '../runs/runs.service';
import { findRemediation, insertRemediation, latestRemediation, type DriftRemediationRow } from './drift.repository';
import { jobStatusOfRun, stackFor, type DriftDeps } from './drift.service';

// Drift remediation (automation §4, §7): deploy the code over the drift (a deployment), or accept
// the cloud's values (a refresh-only deployment that records them in the state). Either is a
// deployment of the runs domain, approved like any other; its status is the remediation's.

async function remediationView(deps: DriftDeps, organizationId: string, row: DriftRemediationRow): Promise<Schemas['DriftRemediation']> {
  const run = await runForSystem(deps.runs, organizationId, row.runId);
  const status = run ? jobStatusOfRun(run.status as RunStatus) : 'failed';
  return {
    driftRemediationId: row.id,
    stackId: row.stackId,
    mode: row.mode,
    status,
    runId: row.runId,
    ...(run?.errorSummary && status === 'failed' ? { errorMessage: run.errorSummary } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(run && !run.isActive ? { finishedAt: run.updatedAt } : {}),
  };
}

/** POST /stack/driftRemediation: starts the deployment that ends the stack's drift one way or the other. */
export async function startDriftRemediation(deps: DriftDeps, actor: Actor, input: Schemas['DriftRemediationInput']): Promise<Schemas['DriftRemediation']> {
  const mode = input.mode ?? 'deploy';
  if (mode === 'importChangesToCode') {
    throw validationError('Adopting the cloud values in the code is not offered yet: deploy the code or accept the cloud values', 'entity.mode');
  }
  const targets: string[] = [];
  for (const [i, address] of (input.resourceAddresses ?? []).entries()) {
    if (!address.trim()) throw validationError('The resource address must not be blank', `entity.resourceAddresses.${i}`);
    if (!targets.includes(address.trim())) targets.push(address.trim());
  }
  const stack = await stackFor(deps, actor, input.stackId, 'deployment:start');
  const row = await inRunsTransaction(deps.db, actor.organizationId, deps.runs, async (t) => {
    const id = newId('driftRemediation');
    const run = await beginRun(
      t,
      stackRunOf(stack, actor, 'deployment', {
        trigger: 'driftRemediation',
        config: { driftRemediationId: id, ...(mode === 'acceptCloudValues' ? { refreshOnly: true } : {}), ...(targets.length ? { targets } : {}) },
      }),
      { kind: 'user', id: actor.userId },
    );
    const remediation = await insertRemediation(t.scope, { id, stackId: stack.id, mode, runId: run.id, resourceAddresses: targets, createdBy: actor.userId });
    await recordAudit(t.scope, initiatorOf(actor), { entityType: 'deployment', entityId: run.id, entityName: stack.name, action: 'create' });
    await recordAudit(t.scope, initiatorOf(actor), { entityType: 'driftRemediation', entityId: id, entityName: stack.name, action: 'create' });
    return remediation;
  });
  return remediationView(deps, actor.organizationId, row);
}

/** GET /stack/driftRemediationStatus: one remediation by id, or the stack's latest; none when there is none. */
export async function getDriftRemediationStatus(
  deps: DriftDeps,
  actor: Actor,
  query: { stackId?: string | undefined; driftRemediationId?: string | undefined },
): Promise<Schemas['DriftRemediation'][]> {
  if (query.driftRemediationId) {
    const row = await readOrganization(deps.db, actor.organizationId, (scope) => findRemediation(scope, query.driftRemediationId as string));
    if (!row || (query.stackId && row.stackId !== query.stackId)) {
      await deps.engine.require(actor, 'stack:read', {});
      throw notFound('Drift remediation', query.driftRemediationId);
    }
    await stackFor(deps, actor, row.stackId, 'stack:read');
    return [await remediationView(deps, actor.organizationId, row)];
  }
  if (!query.stackId) throw validationError('Give the stack or the drift remediation', 'query.stackId');
  const stack = await stackFor(deps, actor, query.stackId, 'stack:read');
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => latestRemediation(scope, stack.id));
  return row ? [await remediationView(deps, actor.organizationId, row)] : [];
}
