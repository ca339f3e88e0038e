import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { pagingOf } from '../../db/paged-list';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { Permission } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditAction, type AuditInitiator } from '../audit/audit.service';
import { readStateDocument, resourceAttributes, typeExpression, withSerial } from './state-document';
import * as repo from './terraform-state.repository';
import type { StateVersionStatus } from './terraform-state.schema';
import { actorAuthor, outputContext, storeVersion, unseal, type StackPlacement, type TerraformStateDeps } from './terraform-state.service';

// The state as the console shows it: versions, download, rollback, the lock and its release, and
// the outputs of the current version. Every verb checks its permission on the stack first; an id
// the organization does not have answers 404 only to those who could have seen it (403 otherwise,
// so a namespace-only user cannot tell a missing stack from one it may not see).

type Deps = Pick<TerraformStateDeps, 'db' | 'engine' | 'envelope' | 'stackPlacement'>;

async function stackFor(deps: Deps, actor: Actor, stackId: string, permission: Permission): Promise<StackPlacement> {
  const placement = await deps.stackPlacement(actor.organizationId, stackId);
  if (!placement) {
    await deps.engine.require(actor, permission);
    throw notFound('Stack', stackId);
  }
  await deps.engine.requireOnStack(actor, permission, { id: stackId, ...placement });
  return placement;
}

/** A version of the stack (404 when the stack has no such version), once the actor may `permission` on the stack. */
async function versionOf(deps: Deps, actor: Actor, stackId: string, versionId: string, permission: Permission) {
  const placement = await stackFor(deps, actor, stackId, permission);
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => repo.findVersion(scope, versionId));
  if (!row || row.stackId !== stackId) throw notFound('State version', versionId);
  return { row, placement };
}

const audit = (scope: Scope, initiator: AuditInitiator, placement: StackPlacement, stackId: string, entity: string, action: AuditAction) =>
  recordAudit(scope, initiator, { entityType: 'stack', entityId: `${stackId}/${entity}`, entityName: placement.name ?? stackId, action });

export function toStateVersion(row: repo.StateVersionRow): Schemas['StackStateVersion'] {
  return {
    id: row.id,
    stackId: row.stackId,
    serial: row.serial,
    lineage: row.lineage,
    status: row.status,
    terraformVersion: row.terraformVersion,
    resourceCount: row.resourceCount,
    size: row.size,
    md5: row.md5,
    sha256: row.sha256,
    runId: row.runId,
    reason: row.reason,
    rolledBackFrom: row.rolledBackFrom,
    createdBy: { kind: row.createdByKind, id: row.createdById, name: row.createdByName },
    createdAt: row.createdAt.toISOString(),
    ...(row.unit ? { unit: row.unit } : {}),
  };
}

export async function listStackStateVersions(
  deps: Deps,
  actor: Actor,
  query: { stackId: string; unit?: string | undefined; status?: StateVersionStatus | undefined; page: number; pageSize: number },
) {
  await stackFor(deps, actor, query.stackId, 'stackState:read');
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    repo.listVersions(scope, { stackId: query.stackId, unit: query.unit ?? '', status: query.status }, query),
  );
  return { items: rows.map(toStateVersion), paging: pagingOf(query, total) };
}

/**
 * One version's state file (the current one when no version is named), as it was written. The
 * state holds secrets: reading it is audited.
 */
export async function getStackStateVersionContent(
  deps: Deps,
  actor: Actor,
  query: { stackId: string; unit?: string | undefined; stateVersionId?: string | undefined },
): Promise<Schemas['StackStateVersionContent']> {
  let versionId = query.stateVersionId;
  if (versionId === undefined) {
    await stackFor(deps, actor, query.stackId, 'stackState:read');
    const head = await readOrganization(deps.db, actor.organizationId, (scope) => repo.findStackState(scope, query.stackId, query.unit ?? ''));
    if (!head?.currentVersionId) throw notFound('State of stack', query.stackId);
    versionId = head.currentVersionId;
  }
  const { row, placement } = await versionOf(deps, actor, query.stackId, versionId, 'stackState:read');
  const sealed = await readOrganization(deps.db, actor.organizationId, (scope) => repo.findSealedContent(scope, row.id));
  if (!sealed) throw notFound('State version', versionId);
  const bytes = await unseal(deps, actor.organizationId, row.stackId, row.id, sealed);
  await inOrganization(deps.db, actor.organizationId, (scope) => audit(scope, initiatorOf(actor), placement, row.stackId, `state/${row.id}`, 'readSecret'));
  return { id: row.id, stackId: row.stackId, serial: row.serial, content: bytes.toString('utf8') };
}

/**
 * A new current version with an old version's content and the next serial (Terraform's next
 * write, serial + 1, then follows it). Refused while the state is locked: a run or a CLI holding
 * the lock is about to write over it.
 */
export async function rollbackStackState(deps: Deps, actor: Actor, input: Schemas['StackStateRollback']): Promise<Schemas['StackStateVersion']> {
  const versionId = input.stateVersionId;
  const { row: source, placement } = await versionOf(deps, actor, input.stackId, versionId, 'stackState:write');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    // A terragrunt unit's version goes back into the unit's own state.
    const head = await repo.lockStackState(scope, source.stackId, source.unit);
    const lock = await repo.findLock(scope, source.stackId, source.unit);
    if (lock) {
      throw new DomainError('conflict', `The state is locked (ID ${lock.lockId}, by ${lock.holderName}): release the lock before rolling back`);
    }
    const sealed = await repo.findSealedContent(scope, source.id);
    if (!sealed) throw notFound('State version', versionId);
    const content = await unseal(deps, actor.organizationId, source.stackId, source.id, sealed);
    const bytes = withSerial(content, head.serial === null ? source.serial : Math.max(head.serial + 1, source.serial));
    const version = await storeVersion(deps, scope, source.stackId, bytes, readStateDocument(bytes), actorAuthor(actor), 'current', {
      rolledBackFrom: source.id,
      unit: source.unit,
    });
    await audit(scope, initiatorOf(actor), placement, source.stackId, `${unitPath(source.unit)}state/${version.id}`, 'rollback');
    return toStateVersion(version);
  });
}

function toStateLock(row: repo.StateLockRow): Schemas['StackStateLock'] {
  let info: Record<string, unknown> = {};
  try {
    info = JSON.parse(row.info) as Record<string, unknown>;
  } catch {
    // Stored from a parsed LockInfo: always JSON.
  }
  const text = (key: string) => (typeof info[key] === 'string' ? info[key] : null);
  return {
    stackId: row.stackId,
    lockId: row.lockId,
    operation: text('Operation'),
    who: text('Who'),
    version: text('Version'),
    info: text('Info'),
    created: text('Created'),
    holder: { kind: row.holderKind, id: row.holderId, name: row.holderName },
    acquiredAt: row.acquiredAt.toISOString(),
    ...(row.unit ? { unit: row.unit } : {}),
  };
}

/** The stack's state locks: its root's, and those of its terragrunt units' states (each its own). */
export async function getStackStateLock(deps: Deps, actor: Actor, stackId: string): Promise<Schemas['StackStateLock'][]> {
  await stackFor(deps, actor, stackId, 'stack:read');
  const locks = await readOrganization(deps.db, actor.organizationId, (scope) => repo.listLocks(scope, stackId));
  return locks.map(toStateLock);
}

/** The stack's terragrunt units that have a state of their own (the root's is not one), each with its current serial. */
export async function listStackStateUnits(deps: Deps, actor: Actor, stackId: string): Promise<Schemas['StackStateUnit'][]> {
  await stackFor(deps, actor, stackId, 'stackState:read');
  const states = await readOrganization(deps.db, actor.organizationId, (scope) => repo.listUnitStates(scope, stackId));
  return states.map((s) => ({ unit: s.unit, serial: s.serial }));
}

/** A unit's part of an audited entity id (`unit/<unit>/`; nothing for the stack's root state). */
const unitPath = (unit: string) => (unit ? `unit/${unit}/` : '');

/**
 * Releases the lock the caller saw (its id), whoever holds it, in whichever of the stack's states
 * holds it (its root's or a terragrunt unit's). A lock taken again since, under another id, is not
 * released (409); a lock already gone is nothing to do.
 */
export async function forceUnlockStackState(deps: Deps, actor: Actor, input: Schemas['StackStateUnlock']): Promise<Record<string, never>> {
  const placement = await stackFor(deps, actor, input.stackId, 'stackState:forceUnlock');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const held = await repo.listLocks(scope, input.stackId);
    const matching = held.filter((l) => l.lockId === input.lockId);
    if (matching.length === 0) {
      const other = held.find((l) => l.unit === '') ?? held[0];
      if (!other) return;
      throw new DomainError('conflict', `The state was locked again since, with ID ${other.lockId} (by ${other.holderName}); check it before releasing it`);
    }
    for (const lock of matching) {
      await repo.lockStackState(scope, input.stackId, lock.unit);
      if (await repo.deleteLock(scope, input.stackId, lock.lockId, lock.unit)) {
        await audit(scope, initiatorOf(actor), placement, input.stackId, `${unitPath(lock.unit)}stateLock`, 'forceUnlock');
      }
    }
  });
  return {};
}

/** For a releaseStateLock task: the stack's states locked with `lockId` ('' its root's, else a terragrunt unit's). */
export async function statesLockedWith(deps: Pick<Deps, 'db'>, organizationId: string, stackId: string, lockId: string): Promise<string[]> {
  const locks = await readOrganization(deps.db, organizationId, (scope) => repo.listLocks(scope, stackId));
  return locks.filter((l) => l.lockId === lockId).map((l) => l.unit);
}

/**
 * For the runner protocol: once a job's process has ended (its runner acknowledged the exit), or
 * the job was lost and its token revoked, the locks it still holds are released, audited. A
 * zombie terraform of a lost job cannot write through the released lock: the state backend
 * refuses its dead token (fencing), so the lock protects nothing any more and would only block
 * the stack's next run.
 */
export async function releaseJobStateLocks(deps: Pick<Deps, 'db'>, organizationId: string, jobId: string): Promise<number> {
  return inOrganization(deps.db, organizationId, async (scope) => {
    const held = await repo.locksHeldBy(scope, 'job', jobId);
    for (const lock of held) {
      await repo.lockStackState(scope, lock.stackId, lock.unit);
      if (await repo.deleteLock(scope, lock.stackId, lock.lockId, lock.unit)) {
        await recordAudit(scope, { name: `job ${jobId}`, type: 'system', userId: null }, {
          entityType: 'stack',
          entityId: `${lock.stackId}${lock.unit ? `/unit/${lock.unit}` : ''}/stateLock`,
          entityName: lock.stackId,
          action: 'unlock',
        });
      }
    }
    return held.length;
  });
}

// ---------------------------------------------------------------------------------------------
// Outputs of the current version

/**
 * The outputs of the stack's current state: its root's, or, for a terragrunt stack of several units
 * (states of units exist), every unit's, named `<unit>:<name>` as the runner names them ('.' the
 * stack's own directory as a unit).
 */
async function currentOutputs(deps: Pick<Deps, 'db'>, organizationId: string, stackId: string) {
  return readOrganization(deps.db, organizationId, async (scope) => {
    const states = await repo.listCurrentStates(scope, stackId);
    const ofUnits = states.some((s) => s.unit !== '');
    const outputs: { name: string; versionId: string; row: repo.StateOutputRow }[] = [];
    for (const state of states) {
      if (!state.currentVersionId || (!ofUnits && state.unit !== '')) continue;
      for (const row of await repo.listOutputs(scope, state.currentVersionId)) {
        outputs.push({ name: ofUnits ? `${unitLabel(state.unit)}:${row.name}` : row.name, versionId: state.currentVersionId, row });
      }
    }
    return outputs;
  });
}

/** A state's name in what the stack shows of several units' states: its unit ('.' the stack's own directory). */
const unitLabel = (unit: string) => unit || '.';

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The outputs of the stack's current state (its units' for a terragrunt stack of several); sensitive values are not in the answer. */
export async function listStackOutputs(deps: Deps, actor: Actor, stackId: string): Promise<Schemas['StackOutput'][]> {
  await stackFor(deps, actor, stackId, 'stack:read');
  return (await currentOutputs(deps, actor.organizationId, stackId)).map(({ name, row }) => {
    const type = typeExpression(parseJson(row.type));
    return {
      name,
      isSensitive: row.sensitive,
      ...(type ? { type } : {}),
      ...(row.sensitive ? {} : { value: parseJson(row.value) }),
    };
  });
}

/** One output's value, sensitive or not (its own permission; audited as a secret read). */
export async function getStackOutputSecretValue(deps: Deps, actor: Actor, input: Schemas['StackOutputRef']): Promise<Schemas['StackOutputValue']> {
  const placement = await stackFor(deps, actor, input.stackId, 'stackOutput:readSecret');
  const output = (await currentOutputs(deps, actor.organizationId, input.stackId)).find((o) => o.name === input.name);
  if (!output) throw notFound('Output', input.name);
  const value = openOutput(deps.envelope, actor.organizationId, output.versionId, output.row);
  await inOrganization(deps.db, actor.organizationId, (scope) => audit(scope, initiatorOf(actor), placement, input.stackId, `output/${output.name}`, 'readSecret'));
  return { name: output.name, value };
}

// ---------------------------------------------------------------------------------------------
// Outputs for other modules (stack dependencies): no actor, the caller has checked access.

export interface OutputValue {
  name: string;
  sensitive: boolean;
  value: unknown;
}

function openOutput(envelope: Deps['envelope'] | undefined, organizationId: string, versionId: string, row: repo.StateOutputRow): unknown {
  if (!row.sensitive) return parseJson(row.value);
  if (!envelope) return undefined;
  return JSON.parse(envelope.decrypt(row.sealedValue ?? '', outputContext(organizationId, versionId, row.name)));
}

/** The current outputs of a stack with their values (sensitive ones opened), for a run's inputs. */
export async function stackOutputValues(deps: Pick<Deps, 'db'> & { envelope?: Deps['envelope'] | undefined }, organizationId: string, stackId: string): Promise<OutputValue[]> {
  return (await currentOutputs(deps, organizationId, stackId)).map(({ name, versionId, row }) => ({
    name,
    sensitive: row.sensitive,
    value: openOutput(deps.envelope, organizationId, versionId, row),
  }));
}

/**
 * The names of the outputs whose value the run changed: the current version against the one
 * before the run's first state write (none when the run wrote no state), state by state for a
 * terragrunt stack of several units (named `<unit>:<name>` as its outputs are). A sensitive output
 * that cannot be opened (no envelope) counts as changed when the run wrote state.
 */
export async function changedStackOutputs(scope: Scope, envelope: Deps['envelope'] | undefined, stackId: string, runId: string): Promise<string[]> {
  const states = await repo.listCurrentStates(scope, stackId);
  const ofUnits = states.some((s) => s.unit !== '');
  const changed: string[] = [];
  for (const state of states) {
    if (!state.currentVersionId || (!ofUnits && state.unit !== '')) continue;
    const around = await repo.versionsAroundRun(scope, stackId, runId, state.unit);
    if (!around.wrote) continue;
    const now = await repo.listOutputs(scope, state.currentVersionId);
    const before = around.before ? await repo.listOutputs(scope, around.before.id) : [];
    const beforeByName = new Map(before.map((r) => [r.name, r]));
    const names = new Set([...now.map((r) => r.name), ...before.map((r) => r.name)]);
    const named = (name: string) => (ofUnits ? `${unitLabel(state.unit)}:${name}` : name);
    for (const name of names) {
      const a = now.find((r) => r.name === name);
      const b = beforeByName.get(name);
      if (!a || !b || !around.before || ((a.sensitive || b.sensitive) && !envelope)) {
        changed.push(named(name));
        continue;
      }
      const va = JSON.stringify(openOutput(envelope, scope.organizationId, state.currentVersionId, a));
      const vb = JSON.stringify(openOutput(envelope, scope.organizationId, around.before.id, b));
      if (va !== vb) changed.push(named(name));
    }
  }
  return changed.sort();
}

/**
 * The resource instances of the stack's current state, a page at a time, in address order; none
 * before the stack's first state. A terragrunt stack of several units lists its units' states one
 * after another, each address prefixed `<unit>:` as its plans name them. `extendedOutput` adds each
 * instance's attributes from the state (paths Terraform marks sensitive redacted): that reads the
 * state itself, so it needs `stackState:read` and is audited like a download.
 */
export async function listStackResources(
  deps: Deps,
  actor: Actor,
  query: { stackId: string; extendedOutput?: boolean | undefined; page: number; pageSize: number },
): Promise<{ items: Schemas['StackResource'][]; paging: ReturnType<typeof pagingOf> }> {
  const placement = await stackFor(deps, actor, query.stackId, query.extendedOutput ? 'stackState:read' : 'stack:read');
  const states = await readOrganization(deps.db, actor.organizationId, (scope) => repo.listCurrentStates(scope, query.stackId));
  const ofUnits = states.some((s) => s.unit !== '');
  const versions = new Map<string, string>();
  for (const state of states) if (state.currentVersionId && (ofUnits || state.unit === '')) versions.set(state.currentVersionId, state.unit);
  if (versions.size === 0) return { items: [], paging: pagingOf(query, 0) };
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) => repo.listResourcesOfVersions(scope, [...versions.keys()], query));
  const attributes = new Map<string, Map<string, Record<string, unknown>>>();
  if (query.extendedOutput && rows.length > 0) {
    for (const versionId of new Set(rows.map((r) => r.stateVersionId))) {
      const sealed = await readOrganization(deps.db, actor.organizationId, (scope) => repo.findSealedContent(scope, versionId));
      if (sealed) attributes.set(versionId, resourceAttributes(await unseal(deps, actor.organizationId, query.stackId, versionId, sealed)));
      await inOrganization(deps.db, actor.organizationId, (scope) => audit(scope, initiatorOf(actor), placement, query.stackId, `state/${versionId}/resources`, 'readSecret'));
    }
  }
  const items = rows.map((row): Schemas['StackResource'] => ({
    address: ofUnits ? `${unitLabel(versions.get(row.stateVersionId) ?? '')}:${row.address}` : row.address,
    type: row.type,
    name: row.name,
    mode: row.mode,
    ...(row.module ? { module: row.module } : {}),
    ...(row.provider ? { provider: row.provider } : {}),
    ...(row.logicalResourceId ? { logicalResourceId: row.logicalResourceId } : {}),
    ...(row.region ? { region: row.region } : {}),
    iacState: 'managed',
    ...(query.extendedOutput ? { attributes: attributes.get(row.stateVersionId)?.get(row.address) ?? {} } : {}),
  }));
  return { items, paging: pagingOf(query, total) };
}

/**
 * For the stacks module, inside the transaction deleting a stack: its state goes with it (the
 * versions hold the stack's secrets and nothing reads them once the stack is gone). Audited once.
 */
export async function removeStateOf(scope: Scope, initiator: AuditInitiator, stackId: string, stackName: string): Promise<void> {
  const versions = await repo.deleteStateOf(scope, stackId);
  if (versions > 0) await recordAudit(scope, initiator, { entityType: 'stack', entityId: `${stackId}/state`, entityName: stackName, action: 'delete' });
}
