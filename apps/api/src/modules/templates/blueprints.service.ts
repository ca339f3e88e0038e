import { randomBytes } from 'node:crypto';
import {
  CM_DEFAULT_RUNNER_GROUP,
  parseConditionValue,
  splitInValues,
  validateCondition,
  validateDefaultAgainstCondition,
  validateSubstitutedField,
  validateVariableKey,
  validateVariableValue,
} from '@terrace/domain';
import type { RepositorySnapshot } from '@terrace/git';
import type { OpenedPullRequest, PullRequestChange } from '@terrace/vcs-hosts';
import { changesFrom } from '../../db/changes';
import { pagingOf } from '../../db/paged-list';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import { isoTime } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { auditEntityOf } from '../runs/run-jobs.service';
import { beginRun, inRunsTransaction, systemActor } from '../runs/run-state.service';
import { stackForRuns } from '../stacks/stack-runs.service';
import { createDerivedStack, deleteStackAsSystem, getStack, setStackStatus } from '../stacks/stacks.service';
import { checkedName, checkIacConfig, checkTtlPolicy, checkVcsInfo, compact, refuse } from './template-fields';
import {
  countLiveStacksOf,
  deleteBlueprintMapping,
  deleteBlueprintRow,
  findBlueprint,
  findBlueprintByName,
  findStackOfPullRequest,
  findTemplateStack,
  insertBlueprint,
  insertBlueprintMapping,
  insertEvent,
  insertTemplateStack,
  listBlueprintMappings,
  listBlueprintRows,
  lockBlueprint,
  lockTemplateStack,
  updateBlueprintRow,
  updateTemplateStack,
  type BlueprintChanges,
  type BlueprintRow,
} from './templates.repository';
import { checkOfferedIn, type TemplatesDeps } from './templates.service';
import { ttlInitiator } from './stack-lifecycle.service';

// Blueprints: persistent stacks created by pull request (spec automation §1, §3, §4, §5). Creating
// a stack renders the blueprint's code with the parameters into a new sub-directory of the target
// repository and opens a pull request there through the code host's API; the stack waits for it
// (waitingForPrApproval), and initialises when the host reports it merged (the vcs module's
// webhook receiver calls `pullRequestClosed`): merged, then its first deployment (inProgress),
// then succeeded or failed as that run ends (the lifecycle job reports it).

export interface BlueprintsDeps extends TemplatesDeps {
  /** The code host's REST client of a provider (the vcs module). */
  openPullRequest?: (organizationId: string, providerId: string, change: PullRequestChange) => Promise<OpenedPullRequest>;
  /** A repository's branch as real git reads it (the vcs module's remote and the git client); the caller closes it. */
  openRepository?: (organizationId: string, providerId: string, repoName: string, branch: string) => Promise<RepositorySnapshot>;
}

export type Blueprint = Schemas['Blueprint'];
type BlueprintInput = Schemas['BlueprintInput'];
type BlueprintUpdate = Schemas['BlueprintUpdate'];
type StackConfiguration = Schemas['BlueprintStackConfiguration'];
type SubstituteParameter = Schemas['SubstituteParameter'];
type Condition = Schemas['VariableCondition'];

/** Limits on the code a blueprint copies into one pull request. */
export const blueprintCodeLimits = { files: 200, bytesPerFile: 512 * 1024, depth: 8 } as const;

export function toBlueprint(row: BlueprintRow): Blueprint {
  return {
    id: row.id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    vcsInfo: row.vcsInfo as Schemas['VcsInfo'],
    stackConfiguration: row.stackConfiguration as StackConfiguration,
    substituteParameters: row.substituteParameters as SubstituteParameter[],
    ...(row.policy ? { policy: row.policy as Schemas['BlueprintPolicy'] } : {}),
    skipPlanOnStackInitialization: row.skipPlanOnStackInitialization,
    autoApproveApplyOnInitialization: row.autoApproveApplyOnInitialization,
    isManaged: false,
    createdAt: isoTime(row.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Substitute parameters

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The parameter names a pattern uses. */
export const placeholdersOf = (pattern: string): string[] => [...pattern.matchAll(PLACEHOLDER)].map((m) => m[1] as string);

/** Replaces each `{key}` of a declared parameter with its value; other braces stay as they are (HCL blocks). */
export function render(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? (values[key] as string) : whole));
}

function normaliseConditions(conditions: Condition[], field: string): Condition[] {
  return conditions.map((condition, i) => {
    const raw = Array.isArray(condition.value) ? condition.value.join(',') : condition.value === undefined ? '' : String(condition.value);
    const problem = validateCondition({ operator: condition.operator, value: raw });
    if (problem) throw refuse(problem, `${field}.${i}.value`);
    if (condition.operator === 'boolean') return { operator: 'boolean' };
    if (condition.operator === 'in') return { operator: 'in', value: splitInValues(raw) };
    return { operator: condition.operator, value: parseConditionValue(condition.operator, raw) as string | number };
  });
}

function checkParameters(parameters: SubstituteParameter[]): SubstituteParameter[] {
  const seen = new Set<string>();
  return parameters.map((parameter, i) => {
    const field = `entity.substituteParameters.${i}`;
    const key = parameter.key.trim();
    const problem = validateVariableKey(key);
    if (problem) throw refuse(problem, `${field}.key`);
    if (seen.has(key)) throw validationError(`The substitute parameter '${key}' is declared twice`, `${field}.key`);
    seen.add(key);
    return compact({
      key,
      description: parameter.description,
      valueConditions: parameter.valueConditions ? normaliseConditions(parameter.valueConditions, `${field}.valueConditions`) : undefined,
    });
  });
}

/** A pattern must use a parameter (when `required`), and only declared ones. */
function checkPattern(pattern: string | undefined, declared: Set<string>, field: string, required: boolean): void {
  if (pattern === undefined || pattern === '') {
    if (required) throw refuse(validateSubstitutedField('') ?? { id: '', message: '' }, field);
    return;
  }
  if (required) {
    const problem = validateSubstitutedField(pattern);
    if (problem) throw refuse(problem, field);
  }
  for (const key of placeholdersOf(pattern)) {
    if (!declared.has(key)) throw validationError(`'{${key}}' is not one of the blueprint's substitute parameters`, field);
  }
}

/** The spec's rules on a blueprint (§5): name and sub-directory patterns, branch, var files, code location, TTL policy. */
async function checkBlueprint(
  deps: BlueprintsDeps,
  organizationId: string,
  merged: { vcsInfo: Schemas['VcsInfo']; stackConfiguration: StackConfiguration; substituteParameters: SubstituteParameter[]; policy?: Schemas['BlueprintPolicy'] | null },
): Promise<void> {
  const exists = deps.vcsProviderExists;
  const providerExists = exists && ((id: string) => exists(organizationId, id));
  await checkVcsInfo(merged.vcsInfo, 'entity.vcsInfo', providerExists);
  const declared = new Set(merged.substituteParameters.map((p) => p.key));
  const config = merged.stackConfiguration;
  checkPattern(config.name, declared, 'entity.stackConfiguration.name', true);
  if (!config.vcsInfo) throw validationError('Please choose the repository and sub-directory the stacks’ code goes to', 'entity.stackConfiguration.vcsInfo');
  await checkVcsInfo(config.vcsInfo, 'entity.stackConfiguration.vcsInfo', providerExists, 'dynamic');
  checkPattern(config.vcsInfo.path, declared, 'entity.stackConfiguration.vcsInfo.path', true);
  if (config.vcsInfo.path?.startsWith('/') || config.vcsInfo.path?.endsWith('/')) {
    throw validationError('The sub-directory must not start or end with /', 'entity.stackConfiguration.vcsInfo.path');
  }
  checkPattern(config.vcsInfo.branch, declared, 'entity.stackConfiguration.vcsInfo.branch', false);
  checkIacConfig(config.iacConfig, 'entity.stackConfiguration.iacConfig');
  checkTtlPolicy(merged.policy?.ttlConfig, 'entity.policy.ttlConfig');
}

// ---------------------------------------------------------------------------------------------
// Blueprints

const nameTaken = (name: string) => `A blueprint named '${name}' already exists`;

async function requireUniqueName(scope: Scope, name: string, exceptId?: string): Promise<void> {
  const existing = await findBlueprintByName(scope, name);
  if (existing && existing.id !== exceptId) throw alreadyExists(nameTaken(name), 'entity.name');
}

export async function listBlueprints(
  deps: BlueprintsDeps,
  actor: Actor,
  query: { blueprintId?: string | undefined; blueprintName?: string | undefined; namespaceId?: string | undefined; search?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'blueprint:read');
  const search = query.search?.trim();
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listBlueprintRows(scope, { id: query.blueprintId, name: query.blueprintName, namespaceId: query.namespaceId, search: search || undefined }, query),
  );
  return { items: rows.map(toBlueprint), paging: pagingOf(query, total) };
}

export async function getBlueprint(deps: BlueprintsDeps, actor: Actor, blueprintId: string): Promise<Blueprint> {
  await deps.engine.require(actor, 'blueprint:read');
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findBlueprint(scope, blueprintId));
  if (!row) throw notFound('Blueprint', blueprintId);
  return toBlueprint(row);
}

export async function createBlueprint(deps: BlueprintsDeps, actor: Actor, input: BlueprintInput): Promise<Blueprint> {
  await deps.engine.require(actor, 'blueprint:create');
  const name = checkedName(input.name, 'entity.name');
  const substituteParameters = checkParameters(input.substituteParameters ?? []);
  const stackConfiguration = compact({ ...input.stackConfiguration, name: input.stackConfiguration.name.trim() });
  await checkBlueprint(deps, actor.organizationId, { vcsInfo: input.vcsInfo, stackConfiguration, substituteParameters, policy: input.policy });
  return unique(nameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueName(scope, name);
      const row = await insertBlueprint(scope, {
        name,
        description: input.description ?? null,
        vcsInfo: compact(input.vcsInfo),
        stackConfiguration,
        substituteParameters,
        policy: input.policy ?? null,
        skipPlanOnStackInitialization: input.skipPlanOnStackInitialization ?? false,
        autoApproveApplyOnInitialization: input.autoApproveApplyOnInitialization ?? false,
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'blueprint', entityId: row.id, entityName: row.name, action: 'create' });
      return toBlueprint(row);
    }),
  );
}

export async function updateBlueprint(deps: BlueprintsDeps, actor: Actor, blueprintId: string, input: BlueprintUpdate): Promise<Blueprint> {
  await deps.engine.require(actor, 'blueprint:update');
  for (const field of ['name', 'vcsInfo', 'stackConfiguration'] as const) {
    if (input[field] === null) throw validationError(`'entity.${field}' may not be cleared`, `entity.${field}`);
  }
  const name = input.name === undefined || input.name === null ? undefined : checkedName(input.name, 'entity.name');
  const current = await readOrganization(deps.db, actor.organizationId, (scope) => findBlueprint(scope, blueprintId));
  if (!current) throw notFound('Blueprint', blueprintId);
  const substituteParameters =
    input.substituteParameters !== undefined ? checkParameters(input.substituteParameters ?? []) : (current.substituteParameters as SubstituteParameter[]);
  const stackConfiguration = input.stackConfiguration ? compact({ ...input.stackConfiguration, name: input.stackConfiguration.name.trim() }) : (current.stackConfiguration as StackConfiguration);
  // The rules hold for the blueprint as it will be, not only for the fields sent.
  await checkBlueprint(deps, actor.organizationId, {
    vcsInfo: (input.vcsInfo ?? current.vcsInfo) as Schemas['VcsInfo'],
    stackConfiguration,
    substituteParameters,
    policy: input.policy !== undefined ? input.policy : (current.policy as Schemas['BlueprintPolicy'] | null),
  });
  return unique(nameTaken(name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const locked = await lockBlueprint(scope, blueprintId);
      if (!locked) throw notFound('Blueprint', blueprintId);
      if (name !== undefined && name !== locked.name) await requireUniqueName(scope, name, blueprintId);
      const changes: BlueprintChanges = changesFrom(input, {
        description: true,
        vcsInfo: true,
        policy: true,
        skipPlanOnStackInitialization: (v: boolean | null) => v ?? false,
        autoApproveApplyOnInitialization: (v: boolean | null) => v ?? false,
      }) as BlueprintChanges;
      if (name !== undefined) changes.name = name;
      if (input.stackConfiguration) changes.stackConfiguration = stackConfiguration;
      if (input.substituteParameters !== undefined) changes.substituteParameters = substituteParameters;
      const row = (await updateBlueprintRow(scope, blueprintId, changes)) ?? locked;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'blueprint', entityId: row.id, entityName: row.name, action: 'update' });
      return toBlueprint(row);
    }),
  );
}

export async function deleteBlueprint(deps: BlueprintsDeps, actor: Actor, blueprintId: string): Promise<void> {
  await deps.engine.require(actor, 'blueprint:delete');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const current = await lockBlueprint(scope, blueprintId);
    if (!current) throw notFound('Blueprint', blueprintId);
    const live = await countLiveStacksOf(scope, 'blueprintId', blueprintId);
    if (live > 0) throw new DomainError('conflict', `The blueprint '${current.name}' still has ${live} stack(s); delete them first`);
    await deleteBlueprintRow(scope, blueprintId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'blueprint', entityId: current.id, entityName: current.name, action: 'delete' });
  });
}

// ---------------------------------------------------------------------------------------------
// Namespace mappings

type BlueprintMapping = Schemas['BlueprintNamespaceMapping'];

export async function listBlueprintNamespaceMappings(
  deps: BlueprintsDeps,
  actor: Actor,
  query: { blueprintId?: string | undefined; namespaceId?: string | undefined },
): Promise<BlueprintMapping[]> {
  await deps.engine.require(actor, 'blueprint:read');
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => listBlueprintMappings(scope, query));
  return rows.map((r) => ({ blueprintId: r.blueprintId, namespaceId: r.namespaceId }));
}

export async function createBlueprintNamespaceMapping(deps: BlueprintsDeps, actor: Actor, input: BlueprintMapping): Promise<BlueprintMapping> {
  await deps.engine.require(actor, 'blueprint:update');
  if (!(await deps.namespaceExists(actor.organizationId, input.namespaceId))) {
    throw validationError(`Namespace ${input.namespaceId} was not found`, 'entity.namespaceId');
  }
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const blueprint = await lockBlueprint(scope, input.blueprintId);
    if (!blueprint) throw validationError(`Blueprint ${input.blueprintId} was not found`, 'entity.blueprintId');
    if (!(await insertBlueprintMapping(scope, input.blueprintId, input.namespaceId))) {
      throw alreadyExists(`The blueprint '${blueprint.name}' is already mapped to namespace ${input.namespaceId}`, 'entity.namespaceId');
    }
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'blueprintNamespaceMapping',
      entityId: `${input.blueprintId}/${input.namespaceId}`,
      entityName: blueprint.name,
      action: 'create',
    });
    return { blueprintId: input.blueprintId, namespaceId: input.namespaceId };
  });
}

export async function deleteBlueprintNamespaceMapping(deps: BlueprintsDeps, actor: Actor, input: Schemas['BlueprintNamespaceMappingKey']): Promise<void> {
  await deps.engine.require(actor, 'blueprint:update');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const [row] = await deleteBlueprintMapping(scope, input.blueprintId, input.namespaceId);
    if (!row) throw notFound('Blueprint namespace mapping', `${input.blueprintId}/${input.namespaceId}`);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'blueprintNamespaceMapping', entityId: `${input.blueprintId}/${input.namespaceId}`, action: 'delete' });
  });
}

// ---------------------------------------------------------------------------------------------
// Stacks from blueprints

/** Every declared parameter needs a value that passes its conditions; undeclared ones are refused. */
function checkParameterValues(declared: SubstituteParameter[], given: Record<string, string>): Record<string, string> {
  for (const key of Object.keys(given)) {
    if (!declared.some((p) => p.key === key)) throw validationError(`'${key}' is not one of the blueprint's substitute parameters`, `entity.parameters.${key}`);
  }
  const values: Record<string, string> = {};
  for (const parameter of declared) {
    const field = `entity.parameters.${parameter.key}`;
    const value = (given[parameter.key] ?? '').trim();
    if (!value) throw validationError('Please enter value', field);
    const problem = validateVariableValue(value);
    if (problem) throw refuse(problem, field);
    // A value lands in paths and branch names: no separators or traversal of its own.
    if (/[/\\\s]/.test(value) || value === '.' || value === '..') throw validationError('The value may not contain slashes or spaces', field);
    for (const condition of parameter.valueConditions ?? []) {
      const conditionProblem = validateDefaultAgainstCondition(value, condition);
      if (conditionProblem) throw refuse(conditionProblem, field);
    }
    values[parameter.key] = value;
  }
  return values;
}

async function withSnapshot<T>(deps: BlueprintsDeps, organizationId: string, vcs: Schemas['VcsInfo'], branch: string, field: string, work: (s: RepositorySnapshot) => Promise<T>): Promise<T> {
  if (!deps.openRepository) throw new DomainError('conflict', 'Reading repositories is not configured on this server');
  let snapshot: RepositorySnapshot;
  try {
    snapshot = await deps.openRepository(organizationId, vcs.providerId, vcs.repoName, branch);
  } catch (error) {
    throw validationError(`The branch '${branch}' of ${vcs.repoName} could not be read: ${error instanceof Error ? error.message : String(error)}`, field);
  }
  try {
    return await work(snapshot);
  } finally {
    await snapshot.close();
  }
}

async function directoryExists(snapshot: RepositorySnapshot, path: string): Promise<boolean> {
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return (await snapshot.listDirectory(parent)).some((e) => e.name === name);
  } catch {
    return false;
  }
}

/** The blueprint's files under `root`, relative to it, text only, within the limits. */
async function readCode(snapshot: RepositorySnapshot, root: string): Promise<{ path: string; content: string }[]> {
  const files: { path: string; content: string }[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > blueprintCodeLimits.depth) return;
    for (const entry of await snapshot.listDirectory(dir)) {
      if (entry.type === 'directory') await walk(entry.path, depth + 1);
      else if (entry.type === 'file') {
        if (files.length >= blueprintCodeLimits.files) throw validationError(`The blueprint's code has more than ${blueprintCodeLimits.files} files`, 'entity.blueprintId');
        const bytes = await snapshot.readFile(entry.path, blueprintCodeLimits.bytesPerFile);
        if (bytes.includes(0)) continue; // binary files are not rendered into a pull request
        files.push({ path: root ? entry.path.slice(root.length + 1) : entry.path, content: bytes.toString('utf8') });
      }
    }
  };
  await walk(root, 0);
  return files;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'stack';

/**
 * A persistent stack from a blueprint: parameters checked, name and sub-directory rendered, the
 * sub-directory new in the target repository, the code rendered into a pull request; the stack
 * waits for it (waitingForPrApproval).
 */
export async function createStackFromBlueprint(deps: BlueprintsDeps, actor: Actor, input: Schemas['StackFromBlueprintInput']): Promise<Schemas['Stack']> {
  await deps.engine.require(actor, 'stack:createFromBlueprint', { namespaceId: input.namespaceId });
  const blueprint = await readOrganization(deps.db, actor.organizationId, (scope) => findBlueprint(scope, input.blueprintId));
  if (!blueprint) throw validationError(`Blueprint ${input.blueprintId} was not found`, 'entity.blueprintId');
  const mapped = await readOrganization(deps.db, actor.organizationId, (scope) => listBlueprintMappings(scope, { blueprintId: blueprint.id }));
  checkOfferedIn(
    mapped.map((m) => m.namespaceId),
    input.namespaceId,
    `blueprint '${blueprint.name}'`,
  );
  const values = checkParameterValues(blueprint.substituteParameters as SubstituteParameter[], input.parameters);
  const config = blueprint.stackConfiguration as StackConfiguration;
  const source = blueprint.vcsInfo as Schemas['VcsInfo'];
  const target = config.vcsInfo as Schemas['VcsInfo'];
  const stackName = render(config.name, values);
  const directory = render(target.path ?? '', values);
  const baseBranch = render(target.branch ?? '', values) || 'main';

  // The sub-directory must be new (spec §5), read from the target branch with real git.
  if (await withSnapshot(deps, actor.organizationId, target, baseBranch, 'entity.parameters', (s) => directoryExists(s, directory))) {
    throw validationError(`The sub-directory '${directory}' already exists in ${target.repoName}; choose other parameter values`, 'entity.parameters');
  }
  const sourceRoot = (source.path ?? '').replace(/^\/+|\/+$/g, '');
  const code = await withSnapshot(deps, actor.organizationId, source, source.branch ?? 'main', 'entity.blueprintId', (s) => readCode(s, sourceRoot));
  if (!code.length) throw validationError(`The blueprint's code at '${sourceRoot || '/'}' of ${source.repoName} has no files`, 'entity.blueprintId');
  if (!deps.openPullRequest) throw new DomainError('conflict', 'Opening pull requests is not configured on this server');

  const { name: _name, iacType, vcsInfo: _vcs, ...settings } = config;
  const data = compact({ ...settings, vcsInfo: compact({ providerId: target.providerId, repoName: target.repoName, branch: baseBranch, path: directory }) });
  const stack = await createDerivedStack(
    deps.stacks,
    actor,
    { name: stackName, ...(input.description !== undefined ? { description: input.description } : {}), namespaceId: input.namespaceId, iacType, data },
    {
      stackType: 'persistent',
      blueprintId: blueprint.id,
      initStatus: 'waitingForPrApproval',
      fieldPrefix: 'entity',
      withStack: async (scope, row) => {
        await insertTemplateStack(scope, { stackId: row.id, stackName: row.name, blueprintId: blueprint.id, providerId: target.providerId, repoName: target.repoName, initStatus: 'waitingForPrApproval' });
        await insertEvent(scope, { type: 'stackCreated', blueprintId: blueprint.id, stackId: row.id, stackName: row.name, message: `Created from blueprint '${blueprint.name}'` });
      },
    },
  );
  const branch = `terrace/${slug(stackName)}-${randomBytes(3).toString('hex')}`;
  let opened: OpenedPullRequest;
  try {
    opened = await deps.openPullRequest(actor.organizationId, target.providerId, {
      repository: target.repoName,
      baseBranch,
      branch,
      title: `Add stack ${stackName}`,
      body: `Created by Terrace from the blueprint '${blueprint.name}'. Merging this pull request initializes the stack ${stackName}.`,
      commitMessage: `Add stack ${stackName} from blueprint ${blueprint.name}`,
      files: code.map((f) => ({ path: `${directory}/${f.path}`, content: render(f.content, values) })),
    });
  } catch (error) {
    // No pull request, no stack: the one just made goes again.
    await deleteStackAsSystem(deps.stacks, actor.organizationId, initiatorOf(actor), stack.id);
    throw new DomainError('conflict', `The pull request could not be opened on ${target.repoName}: ${error instanceof Error ? error.message : String(error)}`);
  }
  await inOrganization(deps.db, actor.organizationId, (scope) =>
    updateTemplateStack(scope, stack.id, { pullRequestNumber: opened.number, pullRequestUrl: opened.url, pullRequestBranch: branch }),
  );
  return getStack(deps.stacks, actor, stack.id);
}

/** The pull-request flow of a blueprint stack: waitingForPrApproval, merged, inProgress, succeeded, failed. */
export async function getBlueprintStackInitializationStatus(deps: BlueprintsDeps, actor: Actor, stackId: string): Promise<Schemas['StackInitialization']> {
  const stack = await getStack(deps.stacks, actor, stackId);
  const followed = await readOrganization(deps.db, actor.organizationId, (scope) => findTemplateStack(scope, stackId));
  if (!followed?.blueprintId) return { stackId, status: stack.initStatus ?? 'unknown' };
  return {
    stackId,
    status: (followed.initStatus ?? stack.initStatus ?? 'unknown') as Schemas['StackInitStatus'],
    ...(followed.pullRequestUrl ? { pullRequestUrl: followed.pullRequestUrl } : {}),
    ...(followed.errorMessage ? { errorMessage: followed.errorMessage } : {}),
    ...(followed.deployRunId ? { runId: followed.deployRunId } : {}),
  };
}

/**
 * For the vcs module's webhook receiver: a pull request of this provider's repository was closed.
 * Merged, the blueprint stack waiting for it initialises (its first deployment); closed unmerged,
 * its initialization failed. Redeliveries change nothing.
 */
export async function pullRequestClosed(
  deps: BlueprintsDeps,
  event: { organizationId: string; providerId: string; repoNames: string[]; number: number; merged: boolean; mergeCommit?: string | undefined },
): Promise<string | null> {
  const { organizationId } = event;
  let followed: Awaited<ReturnType<typeof findStackOfPullRequest>>;
  for (const repoName of event.repoNames) {
    followed ??= await readOrganization(deps.db, organizationId, (scope) => findStackOfPullRequest(scope, event.providerId, repoName, event.number));
  }
  if (!followed || followed.initStatus !== 'waitingForPrApproval' || followed.deletedAt) return null;
  if (!event.merged) {
    const changed = await inOrganization(deps.db, organizationId, async (scope) => {
      const row = await lockTemplateStack(scope, followed.stackId);
      if (row?.initStatus !== 'waitingForPrApproval') return false;
      await updateTemplateStack(scope, followed.stackId, { initStatus: 'failed', errorMessage: 'The pull request was closed without being merged' });
      return true;
    });
    if (changed) await setStackStatus(deps.stacks, organizationId, ttlInitiator, followed.stackId, { initStatus: 'failed', errorState: 'blueprintInitializationFailed' });
    return null;
  }
  const stack = await stackForRuns(deps.db, organizationId, followed.stackId);
  if (!stack) return null;
  const blueprint = followed.blueprintId ? await readOrganization(deps.db, organizationId, (scope) => findBlueprint(scope, followed.blueprintId as string)) : undefined;
  await setStackStatus(deps.stacks, organizationId, mergeInitiator, followed.stackId, { initStatus: 'merged' });
  const runId = await inRunsTransaction(deps.db, organizationId, deps.runs, async (t) => {
    const row = await lockTemplateStack(t.scope, followed.stackId);
    if (row?.initStatus !== 'waitingForPrApproval') return null;
    const run = await beginRun(
      t,
      {
        kind: 'deployment',
        namespaceId: stack.namespaceId,
        stackId: stack.id,
        stackCreatedBy: stack.createdBy,
        trigger: 'push',
        initiator: { userName: 'Blueprint initialization', userType: 'system' },
        gitInfo: {
          repoName: followed.repoName ?? event.repoNames[0],
          ...(stack.data.vcsInfo?.branch ? { branch: stack.data.vcsInfo.branch } : {}),
          ...(event.mergeCommit && /^[0-9a-f]{40}$/i.test(event.mergeCommit) ? { headSha: event.mergeCommit.toLowerCase() } : {}),
          commitSubject: `Merge pull request #${event.number}`,
        },
        iacType: stack.iacType,
        iacVersion: stack.settings.iacVersion.value ?? null,
        config: { runnerGroupId: stack.settings.runnerConfig.value?.groups?.[0] ?? CM_DEFAULT_RUNNER_GROUP },
        approvalRules: blueprint?.autoApproveApplyOnInitialization
          ? [{ type: 'autoApprove' }]
          : ((stack.settings.deploymentApprovalPolicy.value?.rules ?? []) as unknown[]),
        createdBy: null,
      },
      systemActor,
    );
    await recordAudit(t.scope, mergeInitiator, { entityType: auditEntityOf(run.kind), entityId: run.id, entityName: stack.name, action: 'create' });
    await updateTemplateStack(t.scope, followed.stackId, { initStatus: 'inProgress', deployRunId: run.id, deployReported: false });
    return run.id;
  });
  if (runId) await setStackStatus(deps.stacks, organizationId, mergeInitiator, followed.stackId, { initStatus: 'inProgress' });
  return runId;
}

const mergeInitiator = { name: 'blueprint initialization', type: 'system' as const, userId: null };

/**
 * For the stacks module, before it deletes a blueprint stack with openCleanupPullRequest: a pull
 * request removing the stack's code from its repository.
 */
export async function openCleanupPullRequest(deps: BlueprintsDeps, actor: Actor, stack: { id: string; name: string; blueprintId: string | null }): Promise<void> {
  const view = await getStack(deps.stacks, actor, stack.id);
  const vcs = view.data.vcsInfo;
  if (!vcs?.path || !deps.openPullRequest) throw validationError(`The stack '${stack.name}' has no code location to clean up`, 'openCleanupPullRequest');
  const branch = vcs.branch ?? 'main';
  const files = await withSnapshot(deps, actor.organizationId, vcs, branch, 'openCleanupPullRequest', async (s) => {
    const root = vcs.path as string;
    const found = await readCode(s, root).catch(() => []);
    return found.map((f) => ({ path: `${root}/${f.path}`, content: null }));
  });
  if (!files.length) return;
  try {
    await deps.openPullRequest(actor.organizationId, vcs.providerId, {
      repository: vcs.repoName,
      baseBranch: branch,
      branch: `terrace/remove-${slug(stack.name)}-${randomBytes(3).toString('hex')}`,
      title: `Remove stack ${stack.name}`,
      body: `The stack ${stack.name} was deleted in Terrace; this removes its code.`,
      commitMessage: `Remove stack ${stack.name}`,
      files,
    });
  } catch (error) {
    throw new DomainError('conflict', `The cleanup pull request could not be opened on ${vcs.repoName}: ${error instanceof Error ? error.message : String(error)}`);
  }
  await inOrganization(deps.db, actor.organizationId, (scope) =>
    recordAudit(scope, initiatorOf(actor), { entityType: 'stack', entityId: stack.id, entityName: stack.name, action: 'update' }),
  );
}
