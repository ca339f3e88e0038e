import { renderMessage, validateVariableKey } from '@terrace/domain';
import type { Database } from '../../db/database';
import { readOrganization, Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound, validationError } from '../../http/domain-error';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { holdStack } from '../stacks/stacks.service';
import { stackSummaries, type StackSummary } from '../stacks/stack-runs.service';
import { stackOutputValues } from '../terraform-state/state-history.service';
import {
  connectedStackIds,
  deleteDependency as deleteRow,
  deleteEdgesOfStack,
  edgesAmong,
  edgesTouching,
  findDependency,
  insertDependency,
  listDependencies as listRows,
  lockDependency,
  lockGraph,
  reaches,
  updateDependency as updateRow,
  type StackDependencyChanges,
  type StackDependencyRow,
} from './stack-dependencies.repository';

// Stack dependencies (spec §3, §7; design automation-core §5.11): a stack depends on another, takes
// some of its outputs as input variables, and is deployed after it (always, or only when a
// referenced output changed). The graph stays acyclic: every change of it takes the
// organization's advisory lock, then checks with a recursive query that the new edge closes no
// cycle, so concurrent requests cannot build one between them. What runs do with the edges lives
// in the runs domain (upstream-runs.service.ts), which reads them through this service.

export interface StackDependenciesDeps {
  db: Database;
  engine: PermissionEngine;
  /** Opens sensitive outputs for the job spec; without it sensitive references are left out. */
  envelope?: SecretEnvelope;
  /** Variable keys the stack itself defines (variables module): a reference must not shadow one. */
  stackVariableKeys?: (organizationId: string, stackId: string) => Promise<Set<string>>;
}

export type StackDependency = Schemas['StackDependency'];
type DependencyInput = Schemas['StackDependencyInput'];
type DependencyUpdate = Schemas['StackDependencyUpdate'];
type Reference = Schemas['DependencyReference'];

export const cycleMessage = (stackName: string, upstreamName: string) =>
  `'${stackName}' cannot depend on '${upstreamName}': '${upstreamName}' already depends on '${stackName}', which would make a cycle`;

export function toStackDependency(row: StackDependencyRow): StackDependency {
  return {
    id: row.id,
    stackId: row.stackId,
    dependsOnStackId: row.dependsOnStackId,
    references: row.references.map((r) => ({
      outputOfStackToDependOn: r.outputOfStackToDependOn,
      inputForStack: r.inputForStack,
      includeSensitiveOutput: r.includeSensitiveOutput === true,
    })),
    triggerOption: row.triggerOption,
  };
}

async function summaryOf(db: Database, organizationId: string, stackId: string): Promise<StackSummary | undefined> {
  return (await readOrganization(db, organizationId, (scope) => stackSummaries(scope, { ids: [stackId] })))[0];
}

/** The stack once the actor may `permission` on it; 404 only to those who could have seen it. */
async function stackFor(deps: StackDependenciesDeps, actor: Actor, stackId: string, permission: 'stack:read' | 'stack:update', field?: string) {
  const stack = await summaryOf(deps.db, actor.organizationId, stackId);
  if (!stack) {
    await deps.engine.require(actor, permission);
    if (field) throw validationError(`Stack ${stackId} was not found`, field);
    throw notFound('Stack', stackId);
  }
  await deps.engine.requireOnStack(actor, permission, stack);
  return stack;
}

function checkReferences(references: Reference[] | undefined, taken: Set<string>): Reference[] {
  const out: Reference[] = [];
  const inputs = new Set<string>();
  (references ?? []).forEach((ref, i) => {
    const field = `entity.references.${i}`;
    const output = ref.outputOfStackToDependOn.trim();
    const input = ref.inputForStack.trim();
    if (!output) throw validationError('Select the output of the stack depended on', `${field}.outputOfStackToDependOn`);
    const keyProblem = validateVariableKey(input);
    if (keyProblem) throw validationError(renderMessage(keyProblem), `${field}.inputForStack`);
    if (inputs.has(input)) throw validationError(`The input '${input}' is referenced twice`, `${field}.inputForStack`);
    if (taken.has(input)) throw validationError(`The stack already has a variable named '${input}'`, `${field}.inputForStack`);
    inputs.add(input);
    out.push({ outputOfStackToDependOn: output, inputForStack: input, includeSensitiveOutput: ref.includeSensitiveOutput === true });
  });
  return out;
}

const entryOf = (row: StackDependencyRow, name: string, action: 'create' | 'update' | 'delete') =>
  ({ entityType: 'stack', entityId: `${row.stackId}/dependency/${row.id}`, entityName: name, action }) as const;

/** Takes the graph lock, holds both stacks, refuses a self edge or a cycle. */
async function checkEdge(scope: Scope, tx: Parameters<typeof lockGraph>[0], stack: StackSummary, upstream: StackSummary, ignoreId: string | null) {
  if (stack.id === upstream.id) throw validationError('A stack cannot depend on itself', 'entity.dependsOnStackId');
  await lockGraph(tx, scope.organizationId);
  if (!(await holdStack(scope, stack.id))) throw validationError(`Stack ${stack.id} was not found`, 'entity.stackId');
  if (!(await holdStack(scope, upstream.id))) throw validationError(`Stack ${upstream.id} was not found`, 'entity.dependsOnStackId');
  if (await reaches(tx, scope.organizationId, upstream.id, stack.id, ignoreId)) {
    throw new DomainError('conflict', cycleMessage(stack.name, upstream.name));
  }
}

function inTransaction<T>(db: Database, organizationId: string, work: (scope: Scope, tx: Parameters<typeof lockGraph>[0]) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(new Scope(tx, organizationId), tx));
}

const duplicate = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
const alreadyDepends = (stack: StackSummary, upstream: StackSummary) =>
  new DomainError('conflict', `'${stack.name}' already depends on '${upstream.name}'`);

// ---------------------------------------------------------------------------------------------
// Verbs

export async function listStackDependencies(deps: StackDependenciesDeps, actor: Actor, query: { stackId?: string | undefined; dependsOnStackId?: string | undefined }) {
  if (!query.stackId && !query.dependsOnStackId) throw validationError('Give stackId or dependsOnStackId', 'stackId');
  if (query.stackId) await stackFor(deps, actor, query.stackId, 'stack:read', 'stackId');
  if (query.dependsOnStackId) await stackFor(deps, actor, query.dependsOnStackId, 'stack:read', 'dependsOnStackId');
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => listRows(scope, query));
  return rows.map(toStackDependency);
}

export async function getStackDependency(deps: StackDependenciesDeps, actor: Actor, dependencyId: string): Promise<StackDependency> {
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findDependency(scope, dependencyId));
  if (!row) {
    await deps.engine.require(actor, 'stack:read');
    throw notFound('Stack dependency', dependencyId);
  }
  await stackFor(deps, actor, row.stackId, 'stack:read');
  return toStackDependency(row);
}

export async function createStackDependency(deps: StackDependenciesDeps, actor: Actor, input: DependencyInput): Promise<StackDependency> {
  const stack = await stackFor(deps, actor, input.stackId, 'stack:update', 'entity.stackId');
  const upstream = await stackFor(deps, actor, input.dependsOnStackId, 'stack:read', 'entity.dependsOnStackId');
  const taken = (await deps.stackVariableKeys?.(actor.organizationId, stack.id)) ?? new Set<string>();
  const references = checkReferences(input.references, taken);
  try {
    return await inTransaction(deps.db, actor.organizationId, async (scope, tx) => {
      await checkEdge(scope, tx, stack, upstream, null);
      const row = await insertDependency(scope, {
        stackId: stack.id,
        dependsOnStackId: upstream.id,
        references,
        triggerOption: input.triggerOption ?? 'always',
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), entryOf(row, stack.name, 'create'));
      return toStackDependency(row);
    });
  } catch (error) {
    if (duplicate(error)) throw alreadyDepends(stack, upstream);
    throw error;
  }
}

export async function updateStackDependency(deps: StackDependenciesDeps, actor: Actor, dependencyId: string, input: DependencyUpdate): Promise<StackDependency> {
  const current = await readOrganization(deps.db, actor.organizationId, (scope) => findDependency(scope, dependencyId));
  if (!current) {
    await deps.engine.require(actor, 'stack:update');
    throw notFound('Stack dependency', dependencyId);
  }
  await stackFor(deps, actor, current.stackId, 'stack:update');
  const stack = await stackFor(deps, actor, input.stackId ?? current.stackId, 'stack:update', 'entity.stackId');
  const upstream = await stackFor(deps, actor, input.dependsOnStackId ?? current.dependsOnStackId, 'stack:read', 'entity.dependsOnStackId');
  const changes: StackDependencyChanges = {};
  if (input.references !== undefined && input.references !== null) {
    const taken = (await deps.stackVariableKeys?.(actor.organizationId, stack.id)) ?? new Set<string>();
    changes.references = checkReferences(input.references, taken);
  }
  if (input.triggerOption) changes.triggerOption = input.triggerOption;
  if (stack.id !== current.stackId) changes.stackId = stack.id;
  if (upstream.id !== current.dependsOnStackId) changes.dependsOnStackId = upstream.id;
  try {
    return await inTransaction(deps.db, actor.organizationId, async (scope, tx) => {
      const locked = await lockDependency(scope, dependencyId);
      if (!locked) throw notFound('Stack dependency', dependencyId);
      if (changes.stackId || changes.dependsOnStackId) await checkEdge(scope, tx, stack, upstream, dependencyId);
      const row = (await updateRow(scope, dependencyId, changes)) ?? locked;
      await recordAudit(scope, initiatorOf(actor), entryOf(row, stack.name, 'update'));
      return toStackDependency(row);
    });
  } catch (error) {
    if (duplicate(error)) throw alreadyDepends(stack, upstream);
    throw error;
  }
}

export async function deleteStackDependency(deps: StackDependenciesDeps, actor: Actor, dependencyId: string): Promise<Record<string, never>> {
  const current = await readOrganization(deps.db, actor.organizationId, (scope) => findDependency(scope, dependencyId));
  if (!current) {
    await deps.engine.require(actor, 'stack:update');
    throw notFound('Stack dependency', dependencyId);
  }
  const stack = await stackFor(deps, actor, current.stackId, 'stack:update');
  await inTransaction(deps.db, actor.organizationId, async (scope, tx) => {
    await lockGraph(tx, scope.organizationId);
    const row = await deleteRow(scope, dependencyId);
    if (!row) throw notFound('Stack dependency', dependencyId);
    await recordAudit(scope, initiatorOf(actor), entryOf(row, stack.name, 'delete'));
  });
  return {};
}

/**
 * The graph around a stack (every stack connected to it, upstream or downstream) or of a
 * namespace (its stacks, the edges between them, and the stacks outside it those edges reach).
 * Only stacks the actor may read are shown, with the edges between them.
 */
export async function getStackDependencyGraph(
  deps: StackDependenciesDeps,
  actor: Actor,
  query: { stackId?: string | undefined; namespaceId?: string | undefined },
): Promise<Schemas['StackDependencyGraph']> {
  if (!query.stackId && !query.namespaceId) throw validationError('Give stackId or namespaceId', 'stackId');
  let ids: string[];
  if (query.stackId) {
    await stackFor(deps, actor, query.stackId, 'stack:read', 'stackId');
    const stackId = query.stackId;
    ids = await deps.db.transaction((tx) => connectedStackIds(tx, actor.organizationId, stackId));
  } else {
    await deps.engine.require(actor, 'stack:read', { namespaceId: query.namespaceId as string });
    const inNamespace = await readOrganization(deps.db, actor.organizationId, (scope) => stackSummaries(scope, { namespaceId: query.namespaceId as string }));
    const own = inNamespace.map((s) => s.id);
    const touching = await readOrganization(deps.db, actor.organizationId, (scope) => edgesTouching(scope, own));
    ids = [...new Set([...own, ...touching.flatMap((e) => [e.stackId, e.dependsOnStackId])])];
  }
  const { nodes, edges } = await readOrganization(deps.db, actor.organizationId, async (scope) => ({
    nodes: await stackSummaries(scope, { ids }),
    edges: await edgesAmong(scope, ids),
  }));
  const visible: StackSummary[] = [];
  for (const node of nodes) {
    try {
      await deps.engine.requireOnStack(actor, 'stack:read', node);
      visible.push(node);
    } catch {
      // A stack the actor may not read is left out of the picture, with its edges.
    }
  }
  const shown = new Set(visible.map((n) => n.id));
  return {
    nodes: visible.map((n) => ({
      stackId: n.id,
      name: n.name,
      ...(n.latestRunStatus ? { latestRunStatus: n.latestRunStatus as Schemas['RunStatus'] } : {}),
    })),
    edges: edges.filter((e) => shown.has(e.stackId) && shown.has(e.dependsOnStackId)).map(toStackDependency),
  };
}

// ---------------------------------------------------------------------------------------------
// For other modules

/** The stacks `stackId` depends on (runs: a deployment waits for their active runs). */
export async function upstreamStackIds(scope: Scope, stackId: string): Promise<string[]> {
  return (await listRows(scope, { stackId })).map((r) => r.dependsOnStackId);
}

/** The edges out of an upstream stack to the stacks that depend on it (runs: triggers). */
export async function dependentsOf(scope: Scope, stackId: string): Promise<StackDependency[]> {
  return (await listRows(scope, { dependsOnStackId: stackId })).map(toStackDependency);
}

/** With a deleted stack go its edges, in the deleting transaction (audited as the stack's). */
export async function removeDependenciesOf(scope: Scope, initiator: AuditInitiator, stackId: string): Promise<void> {
  const removed = await deleteEdgesOfStack(scope, stackId);
  for (const row of removed) await recordAudit(scope, initiator, entryOf(row, row.stackId, 'delete'));
}

export interface DependencyRunInput {
  name: string;
  value: string;
  sensitive: boolean;
  /** The value is an HCL (JSON) expression, not a string. */
  hcl: boolean;
}

/**
 * The referenced outputs of a stack's upstream stacks, as the input variables of its run (design
 * §5.11): current values; a sensitive output only with includeSensitiveOutput, and then masked.
 * A referenced output the upstream does not have (yet) is left out: the variable may have a default.
 */
export async function dependencyInputsForRun(deps: Pick<StackDependenciesDeps, 'db' | 'envelope'>, organizationId: string, stackId: string): Promise<DependencyRunInput[]> {
  const edges = await readOrganization(deps.db, organizationId, (scope) => listRows(scope, { stackId }));
  const inputs: DependencyRunInput[] = [];
  for (const edge of edges) {
    if (!edge.references.length) continue;
    const outputs = await stackOutputValues({ db: deps.db, envelope: deps.envelope }, organizationId, edge.dependsOnStackId);
    for (const ref of edge.references) {
      const output = outputs.find((o) => o.name === ref.outputOfStackToDependOn);
      if (!output || output.value === undefined) continue;
      if (output.sensitive && ref.includeSensitiveOutput !== true) continue;
      const isString = typeof output.value === 'string';
      inputs.push({ name: ref.inputForStack, value: isString ? (output.value as string) : JSON.stringify(output.value), sensitive: output.sensitive, hcl: !isString });
    }
  }
  return inputs;
}
