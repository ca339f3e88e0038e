import {
  CM_DEFAULT_RUNNER_GROUP,
  isRunActive,
  isRunStatus,
  renderMessage,
  ttlDurationMs,
  validateApprovalTeams,
  validateBranchName,
  validateTtl,
  validateVarFile,
} from '@terrace/domain';
import type { Database } from '../../db/database';
import { pagingOf } from '../../db/paged-list';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import { isoTime } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { emailOfUser } from '../accounts/accounts.service';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { holdNamespace, namespacesByIds, toNamespaceSettings, type NamespaceContent, type NamespaceSettings } from '../namespaces/namespaces.service';
import {
  deleteStack as deleteRow,
  countStacksUsingProvider,
  findStack,
  stacksInNamespace as stacksInNamespaceRows,
  findStackByName,
  insertStack,
  listStacks as listRows,
  lockStack,
  updateStack as updateRow,
  type SortOrder,
  type StackChanges,
  type StackRow,
  type StackSortField,
  stacksPastTtl as stacksPastTtlRows,
} from './stacks.repository';

export interface StacksDeps {
  db: Database;
  engine: PermissionEngine;
  /**
   * Whether the organization has this VCS provider (the vcs module's service). Until it is wired,
   * a provider id is taken as given.
   */
  vcsProviderExists?: (organizationId: string, providerId: string) => Promise<boolean>;
  /** The clock (extendTtl, expiry); tests keep the real one. */
  now?: () => Date;
  /**
   * What goes with a deleted stack (its own variables, the permissions granted on it), removed and
   * audited by their modules in the deleting transaction.
   */
  removeWithStack?: (scope: Scope, initiator: AuditInitiator, stack: { id: string; name: string }) => Promise<void>;
  /** The maximum time to live of a template's policy (the templates module), which bounds extendTtl. */
  maxTtlOfTemplate?: (organizationId: string, templateId: string) => Promise<Schemas['Ttl'] | undefined>;
  /**
   * Before a stack made from a blueprint is deleted with `openCleanupPullRequest`: opens the pull
   * request that removes its code (the templates module); a failure refuses the deletion.
   */
  openCleanupPullRequest?: (actor: Actor, stack: { id: string; name: string; blueprintId: string | null }) => Promise<void>;
}

export type Stack = Schemas['Stack'];
export type StackInput = Schemas['StackInput'];
export type StackUpdate = Schemas['StackUpdate'];
type StackData = Schemas['StackData'];
type Namespace = Schemas['Namespace'];
type EffectiveSettings = Schemas['StackEffectiveSettings'];
type CapabilityName = 'deployOnPush' | 'planOnPr' | 'driftDetection';
const capabilityNames: CapabilityName[] = ['deployOnPush', 'planOnPr', 'driftDetection'];

export interface ListStacksQuery {
  stackId?: string | undefined;
  stackName?: string | undefined;
  namespaceId?: string | undefined;
  templateId?: string | undefined;
  blueprintId?: string | undefined;
  iacType?: string | undefined;
  driftState?: string | undefined;
  errorState?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
  sortBy?: StackSortField | undefined;
  sortOrder?: SortOrder | undefined;
  page: number;
  pageSize: number;
}

const nowOf = (deps: StacksDeps) => (deps.now ? deps.now() : new Date());

// ---------------------------------------------------------------------------------------------
// Settings inherited from the namespace

const versionKey = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' } as const;

/** The settings a stack runs with once its namespace's are applied, each with its source. */
export function effectiveSettings(iacType: Stack['iacType'], data: StackData, ns: NamespaceSettings | undefined): EffectiveSettings {
  const nsRunner = ns?.runnerConfig ?? null;
  const runnerOverridable = nsRunner?.isOverridable !== false;
  const runnerConfig: EffectiveSettings['runnerConfig'] =
    data.runnerConfig && (runnerOverridable || !nsRunner)
      ? { value: data.runnerConfig, source: 'stack', isOverridable: runnerOverridable }
      : nsRunner
        ? {
            value: {
              mode: nsRunner.mode,
              ...(nsRunner.groups ? { groups: nsRunner.groups } : {}),
              ...(typeof nsRunner.isOverridable === 'boolean' ? { isOverridable: nsRunner.isOverridable } : {}),
            },
            source: 'namespace',
            isOverridable: runnerOverridable,
          }
        : { value: { mode: 'managed', groups: [CM_DEFAULT_RUNNER_GROUP] }, source: 'default', isOverridable: true };

  const nsPolicy = ns?.deploymentApprovalPolicy ?? null;
  const behavior = nsPolicy?.overrideBehavior ?? 'allow';
  let deploymentApprovalPolicy: EffectiveSettings['deploymentApprovalPolicy'];
  if (data.deploymentApprovalPolicy && nsPolicy && behavior === 'extended') {
    deploymentApprovalPolicy = {
      value: { rules: [...nsPolicy.rules, ...data.deploymentApprovalPolicy.rules] },
      source: 'stack',
      overrideBehavior: behavior,
    };
  } else if (data.deploymentApprovalPolicy && behavior !== 'deny') {
    deploymentApprovalPolicy = { value: { rules: data.deploymentApprovalPolicy.rules }, source: 'stack', overrideBehavior: behavior };
  } else if (nsPolicy) {
    deploymentApprovalPolicy = { value: { rules: nsPolicy.rules }, source: 'namespace', overrideBehavior: behavior };
  } else {
    // Every deployment requires manual approval unless configured (automation §4).
    deploymentApprovalPolicy = { value: { rules: [{ type: 'requireApproval' }] }, source: 'default', overrideBehavior: 'allow' };
  }

  const capabilities = Object.fromEntries(
    capabilityNames.map((name) => {
      const own = data.capabilities?.[name];
      const inherited = ns?.capabilities?.[name];
      const overridable = inherited?.isOverridable !== false;
      if (own && (overridable || !inherited)) return [name, { status: own.status, source: 'stack', isOverridable: overridable }];
      if (inherited) return [name, { status: inherited.status, source: 'namespace', isOverridable: overridable }];
      // Plan on PR, Deploy on Push and Drift Detection are on by default (automation §9).
      return [name, { status: 'enabled', source: 'default', isOverridable: true }];
    }),
  ) as EffectiveSettings['capabilities'];

  const key = versionKey[iacType];
  const ownVersion = data.iacConfig?.[key];
  const nsVersion = ns?.iacConfig?.[key];
  const iacVersion: EffectiveSettings['iacVersion'] = ownVersion
    ? { value: ownVersion, source: 'stack' }
    : nsVersion
      ? { value: nsVersion, source: 'namespace' }
      : { value: null, source: 'default' };

  return { runnerConfig, deploymentApprovalPolicy, capabilities, iacVersion };
}

/** Refuses a stack setting its namespace does not let stacks override (a field error). */
function checkAgainstNamespace(data: StackData, ns: Namespace, prefix: string, field = (setting: string) => `${prefix}.${setting}`): void {
  if (data.runnerConfig && ns.runnerConfig && ns.runnerConfig.isOverridable === false) {
    throw validationError(`The namespace '${ns.name}' does not allow its stacks to override the runner configuration`, field('runnerConfig'));
  }
  for (const name of capabilityNames) {
    const own = data.capabilities?.[name];
    const inherited = ns.capabilities?.[name];
    if (own && inherited && inherited.isOverridable === false && own.status !== inherited.status) {
      throw validationError(`The namespace '${ns.name}' does not allow its stacks to override '${name}'`, field(`capabilities.${name}`));
    }
  }
  if (data.deploymentApprovalPolicy && ns.deploymentApprovalPolicy?.overrideBehavior === 'deny') {
    throw validationError(
      `The namespace '${ns.name}' does not allow its stacks to override the deployment approval policy`,
      field('deploymentApprovalPolicy'),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Validation of the stack's own settings

async function validateData(deps: StacksDeps, organizationId: string, data: StackData, prefix: string): Promise<void> {
  const varFiles = data.iacConfig?.varFiles ?? [];
  varFiles.forEach((file, i) => {
    const problem = validateVarFile(file);
    if (problem) throw validationError(renderMessage(problem), `${prefix}.iacConfig.varFiles.${i}`);
  });
  const ttl = data.policy?.ttlConfig?.ttl;
  if (ttl) {
    const problem = validateTtl(ttl);
    if (problem) throw validationError(renderMessage(problem), `${prefix}.policy.ttlConfig.ttl`);
  }
  for (const [i, rule] of (data.deploymentApprovalPolicy?.rules ?? []).entries()) {
    const problem = validateApprovalTeams(rule.type, rule.parameters?.teams ?? []);
    if (problem) throw validationError(renderMessage(problem), `${prefix}.deploymentApprovalPolicy.rules.${i}.parameters.teams`);
  }
  const vcs = data.vcsInfo;
  if (vcs) {
    if (vcs.branch) {
      const problem = validateBranchName(vcs.branch);
      if (problem) throw validationError(renderMessage(problem), `${prefix}.vcsInfo.branch`);
    }
    if (vcs.path && (vcs.path.includes('..') || vcs.path.includes('\\'))) {
      throw validationError('The path must stay inside the repository', `${prefix}.vcsInfo.path`);
    }
    if (deps.vcsProviderExists && !(await deps.vcsProviderExists(organizationId, vcs.providerId))) {
      throw validationError(`No VCS provider ${vcs.providerId} in this organization`, `${prefix}.vcsInfo.providerId`);
    }
  }
  for (const [i, pattern] of (data.runTrigger?.patterns ?? []).entries()) {
    if (!pattern.trim()) throw validationError('A run trigger pattern must not be blank', `${prefix}.runTrigger.patterns.${i}`);
  }
}

/** Keeps only the settings that are set (a cleared setting is absent from `data`). */
function compact(data: Record<string, unknown>): StackData {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined)) as StackData;
}

function ttlOf(data: StackData) {
  const config = data.policy?.ttlConfig;
  return config?.ttlOverride ?? config?.ttl;
}

function expiryOf(data: StackData, from: Date): Date | null {
  const ttl = ttlOf(data);
  if (!ttl) return null;
  const start = data.policy?.ttlConfig?.ttlOverride?.effectiveFrom ? new Date(data.policy.ttlConfig.ttlOverride.effectiveFrom) : from;
  return new Date(start.getTime() + ttlDurationMs(ttl));
}

// ---------------------------------------------------------------------------------------------
// The wire view

/** A stack past its time to live reports stackPassedItsTTL (unless another error state is set). */
export function effectiveErrorState(row: Pick<StackRow, 'errorState' | 'expiresAt'>, now: Date): Stack['errorState'] {
  if (row.errorState === 'ok' && row.expiresAt && row.expiresAt.getTime() < now.getTime()) return 'stackPassedItsTTL';
  return row.errorState as Stack['errorState'];
}

export function toStack(row: StackRow, ns: NamespaceSettings | undefined): Stack {
  const data = row.data as StackData;
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? undefined,
    namespaceId: row.namespaceId,
    namespaceName: ns?.name,
    iacType: row.iacType,
    stackType: row.stackType,
    templateId: row.templateId ?? undefined,
    blueprintId: row.blueprintId ?? undefined,
    data,
    driftState: row.driftState as Stack['driftState'],
    errorState: effectiveErrorState(row, new Date()),
    initStatus: row.initStatus as Stack['initStatus'],
    latestRunStatus: (row.latestRunStatus ?? undefined) as Stack['latestRunStatus'],
    latestRunId: row.latestRunId ?? undefined,
    latestRunAt: row.latestRunAt ? isoTime(row.latestRunAt) : null,
    effectiveSettings: effectiveSettings(row.iacType, data, ns),
    expiresAt: row.expiresAt ? isoTime(row.expiresAt) : null,
    createdBy: row.createdBy ?? undefined,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

async function namespaceOf(deps: StacksDeps, organizationId: string, namespaceId: string, field: string): Promise<Namespace> {
  const ns = (await namespacesByIds(deps.db, organizationId, [namespaceId])).get(namespaceId);
  if (!ns) throw validationError(`Namespace ${namespaceId} was not found`, field);
  return ns;
}

async function withNamespace(deps: StacksDeps, organizationId: string, row: StackRow): Promise<Stack> {
  const ns = (await namespacesByIds(deps.db, organizationId, [row.namespaceId])).get(row.namespaceId);
  return toStack(row, ns);
}

const nameTaken = (name: string) => `A stack named '${name}' already exists in this namespace`;

async function requireUniqueName(scope: Scope, namespaceId: string, name: string, field: string, exceptId?: string) {
  const existing = await findStackByName(scope, namespaceId, name);
  if (existing && existing.id !== exceptId) throw alreadyExists(nameTaken(name), field);
}

/** Reads a stack the actor may `permission` (404 for an unknown or another organization's id). */
async function stackFor(deps: StacksDeps, actor: Actor, stackId: string, permission: 'stack:read' | 'stack:update' | 'stack:delete' | 'stack:extendTtl') {
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findStack(scope, stackId));
  if (!row) throw notFound('Stack', stackId);
  await deps.engine.requireOnStack(actor, permission, row);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Verbs

export async function listStacks(deps: StacksDeps, actor: Actor, query: ListStacksQuery) {
  const visible = await deps.engine.visibleStacks(actor, 'stack:read');
  const search = query.search?.trim();
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listRows(
      scope,
      {
        stackId: query.stackId,
        stackName: query.stackName,
        namespaceId: query.namespaceId,
        templateId: query.templateId,
        blueprintId: query.blueprintId,
        iacType: query.iacType,
        driftState: query.driftState,
        errorState: query.errorState,
        status: query.status,
        search: search ? search : undefined,
        visible: visible ?? undefined,
      },
      { page: query.page, pageSize: query.pageSize, sortBy: query.sortBy ?? 'name', sortOrder: query.sortOrder ?? 'asc' },
    ),
  );
  // Each row comes with its namespace's settings (the same statement).
  return { items: rows.map((row) => toStack(row, row.namespace ? toNamespaceSettings(row.namespace) : undefined)), paging: pagingOf(query, total) };
}

/** One stack; its author named by e-mail (`createdByName`), as a run names who started it. */
export async function getStack(deps: StacksDeps, actor: Actor, stackId: string): Promise<Stack> {
  const stack = await withNamespace(deps, actor.organizationId, await stackFor(deps, actor, stackId, 'stack:read'));
  const author = stack.createdBy ? await emailOfUser(deps.db, stack.createdBy) : undefined;
  return author ? { ...stack, createdByName: author } : stack;
}

export async function createStack(deps: StacksDeps, actor: Actor, input: StackInput): Promise<Stack> {
  await deps.engine.require(actor, 'stack:create', { namespaceId: input.namespaceId });
  return insertNewStack(deps, actor.organizationId, authorOf(actor), input, { fieldPrefix: 'entity.stack' });
}

const authorOf = (actor: Actor) => ({ initiator: initiatorOf(actor), userId: actor.userId });

/**
 * For the modules that create stacks on behalf of a configuration (stack discovery), which checked
 * its own permission: validated and audited as createStack does, as `author`.
 */
export async function createStackFor(deps: StacksDeps, organizationId: string, author: { initiator: AuditInitiator; userId: string | null }, input: StackInput): Promise<Stack> {
  return insertNewStack(deps, organizationId, author, input, { fieldPrefix: 'entity.stack' });
}

/**
 * For the modules that hold stack settings to apply later (stack discovery): the checks createStack
 * makes on `data` in that namespace, with errors on fields under `prefix`.
 */
export async function checkStackSettings(deps: StacksDeps, organizationId: string, namespaceId: string, data: StackData, prefix: string): Promise<void> {
  const ns = await namespaceOf(deps, organizationId, namespaceId, 'entity.namespaceId');
  const compacted = compact({ ...data });
  await validateData(deps, organizationId, compacted, prefix);
  checkAgainstNamespace(compacted, ns, prefix);
}

/** How a stack made from a template or a blueprint differs from a plain one (templates module). */
export interface DerivedStack {
  stackType: 'ephemeral' | 'ephemeralManaged' | 'persistent';
  templateId?: string;
  blueprintId?: string;
  initStatus?: Schemas['StackInitStatus'];
  /** Where the input's fields are named in field errors ('entity' for the fromTemplate body). */
  fieldPrefix: string;
  /**
   * Runs in the creating transaction once the stack row exists (the template module records the
   * stack's lifecycle and its first event there, and sets its variables).
   */
  withStack?: (scope: Scope, stack: StackRow) => Promise<void>;
}

/**
 * For the templates module, after it checked `stack:createFromTemplate` / `stack:createFromBlueprint`:
 * a stack made from a template or blueprint, validated, unique and audited as any other.
 */
export async function createDerivedStack(deps: StacksDeps, actor: Actor, input: StackInput, derived: DerivedStack): Promise<Stack> {
  return insertNewStack(deps, actor.organizationId, authorOf(actor), input, derived);
}

async function insertNewStack(
  deps: StacksDeps,
  organizationId: string,
  author: { initiator: AuditInitiator; userId: string | null },
  input: StackInput,
  derived: Partial<DerivedStack> & { fieldPrefix: string },
): Promise<Stack> {
  const prefix = derived.fieldPrefix;
  const name = input.name.trim();
  if (!name) throw validationError(`'${prefix}.name' must not be blank`, `${prefix}.name`);
  const ns = await namespaceOf(deps, organizationId, input.namespaceId, `${prefix}.namespaceId`);
  const data = compact({ ...(input.data ?? {}) });
  await validateData(deps, organizationId, data, `${prefix}.data`);
  checkAgainstNamespace(data, ns, `${prefix}.data`);
  const now = nowOf(deps);
  return unique(nameTaken(name), `${prefix}.name`, () =>
    inOrganization(deps.db, organizationId, async (scope) => {
      // Held until the stack is committed: the namespace cannot be deleted under it.
      if (!(await holdNamespace(scope, ns.id))) throw validationError(`Namespace ${ns.id} was not found`, `${prefix}.namespaceId`);
      await requireUniqueName(scope, ns.id, name, `${prefix}.name`);
      const row = await insertStack(scope, {
        name,
        description: input.description ?? null,
        namespaceId: ns.id,
        iacType: input.iacType,
        stackType: derived.stackType ?? (ttlOf(data) ? 'ephemeral' : 'persistent'),
        templateId: derived.templateId ?? null,
        blueprintId: derived.blueprintId ?? null,
        ...(derived.initStatus ? { initStatus: derived.initStatus } : {}),
        data,
        expiresAt: expiryOf(data, now),
        createdBy: author.userId,
      });
      await recordAudit(scope, author.initiator, { entityType: 'stack', entityId: row.id, entityName: row.name, action: 'create' });
      await derived.withStack?.(scope, row);
      return toStack(row, ns);
    }),
  );
}

export async function updateStack(deps: StacksDeps, actor: Actor, stackId: string, input: StackUpdate): Promise<Stack> {
  if (input.id !== undefined && input.id !== stackId) {
    throw validationError("'entity.id' must match the stack in the path", 'entity.id');
  }
  const current = await stackFor(deps, actor, stackId, 'stack:update');
  const name = input.name?.trim();
  if (name === '') throw validationError("'entity.name' must not be blank", 'entity.name');
  return unique(nameTaken(name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await lockStack(scope, stackId);
      if (!row) throw notFound('Stack', stackId);
      const ns = await namespaceOf(deps, actor.organizationId, row.namespaceId, 'entity.namespaceId');
      const changes: StackChanges = {};
      if (name !== undefined && name !== row.name) {
        await requireUniqueName(scope, row.namespaceId, name, 'entity.name', stackId);
        changes.name = name;
      }
      if (input.description !== undefined) changes.description = input.description;
      if (input.iacType !== undefined && input.iacType !== null) changes.iacType = input.iacType;
      if (input.data) {
        // Partial inside `data` too: an absent setting stays, null clears it, a value replaces it.
        const data = compact({ ...(row.data as StackData), ...input.data });
        await validateData(deps, actor.organizationId, compact({ ...input.data }), 'entity.data');
        checkAgainstNamespace(data, ns, 'entity.data');
        changes.data = data;
        if (input.data.policy !== undefined) {
          changes.expiresAt = expiryOf(data, nowOf(deps));
          if (row.stackType !== 'ephemeralManaged') changes.stackType = ttlOf(data) ? 'ephemeral' : 'persistent';
        }
      }
      const updated = (await updateRow(scope, stackId, changes)) ?? current;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'stack', entityId: updated.id, entityName: updated.name, action: 'update' });
      return toStack(updated, ns);
    }),
  );
}

function refuseWhileRunning(row: StackRow, what: string): void {
  // The mutex holder counts too: a deployment waiting for approval may not be the latest run.
  if (row.activeRunId || (row.latestRunStatus && isRunStatus(row.latestRunStatus) && isRunActive(row.latestRunStatus))) {
    throw new DomainError('conflict', `The stack '${row.name}' has an active run; ${what} once it has finished`);
  }
}

export async function deleteStack(deps: StacksDeps, actor: Actor, stackId: string, options: { openCleanupPullRequest?: boolean | undefined } = {}): Promise<Stack> {
  const current = await stackFor(deps, actor, stackId, 'stack:delete');
  if (options.openCleanupPullRequest) {
    if (!current.blueprintId || !deps.openCleanupPullRequest) {
      throw validationError(`The stack '${current.name}' was not made from a blueprint: there is no cleanup pull request to open`, 'openCleanupPullRequest');
    }
    refuseWhileRunning(current, 'delete it');
    await deps.openCleanupPullRequest(actor, current);
  }
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const locked = await lockStack(scope, stackId);
    if (!locked) throw notFound('Stack', stackId);
    refuseWhileRunning(locked, 'delete it');
    await deps.removeWithStack?.(scope, initiatorOf(actor), { id: stackId, name: locked.name });
    const row = await deleteRow(scope, stackId);
    if (!row) throw notFound('Stack', stackId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'stack', entityId: row.id, entityName: row.name, action: 'delete' });
    return toStack(row, undefined);
  });
}

/** Moves a stack: stack:update on it, stack:create in the target; settings re-validated there. */
export async function moveStack(deps: StacksDeps, actor: Actor, stackId: string, namespaceId: string): Promise<Stack> {
  const current = await stackFor(deps, actor, stackId, 'stack:update');
  await deps.engine.require(actor, 'stack:create', { namespaceId });
  const target = await namespaceOf(deps, actor.organizationId, namespaceId, 'entity.namespaceId');
  return unique(nameTaken(current.name), 'entity.namespaceId', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await lockStack(scope, stackId);
      if (!row) throw notFound('Stack', stackId);
      refuseWhileRunning(row, 'move it');
      if (!(await holdNamespace(scope, target.id))) throw validationError(`Namespace ${target.id} was not found`, 'entity.namespaceId');
      checkAgainstNamespace(row.data as StackData, target, 'entity', () => 'entity.namespaceId');
      await requireUniqueName(scope, target.id, row.name, 'entity.namespaceId', stackId);
      const moved = (await updateRow(scope, stackId, { namespaceId: target.id })) ?? row;
      await recordAudit(scope, initiatorOf(actor), {
        entityType: 'stack',
        entityId: moved.id,
        entityName: moved.name,
        action: 'update',
      });
      return toStack(moved, target);
    }),
  );
}

/** Extends an ephemeral stack's time to live from now (1 to 100,000 hours or days). */
export async function extendStackTtl(deps: StacksDeps, actor: Actor, stackId: string, ttl: Schemas['Ttl']): Promise<Stack> {
  const current = await stackFor(deps, actor, stackId, 'stack:extendTtl');
  const problem = validateTtl(ttl);
  if (problem) throw validationError(renderMessage(problem), 'entity.ttl');
  // A stack made from a template lives at most the template's maximum time to live from now.
  const maxTtl = current.templateId ? await deps.maxTtlOfTemplate?.(actor.organizationId, current.templateId) : undefined;
  if (maxTtl && ttlDurationMs(ttl) > ttlDurationMs(maxTtl)) {
    throw validationError(`The time to live may be at most ${maxTtl.value} ${maxTtl.type}, the template's maximum`, 'entity.ttl');
  }
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await lockStack(scope, stackId);
    if (!row) throw notFound('Stack', stackId);
    if (row.stackType === 'persistent') {
      throw validationError(`The stack '${row.name}' is persistent: it has no time to live to extend`, 'entity.ttl');
    }
    const now = nowOf(deps);
    const data = row.data as StackData;
    const ttlConfig = { ...(data.policy?.ttlConfig ?? {}), ttlOverride: { ...ttl, effectiveFrom: now.toISOString() } };
    const next = { ...data, policy: { ...(data.policy ?? {}), ttlConfig } };
    const updated =
      (await updateRow(scope, stackId, {
        data: next,
        expiresAt: new Date(now.getTime() + ttlDurationMs(ttl)),
        errorState: row.errorState === 'stackPassedItsTTL' ? 'ok' : row.errorState,
      })) ?? row;
    await recordAudit(scope, initiatorOf(actor), { entityType: 'stack', entityId: updated.id, entityName: updated.name, action: 'update' });
    return withNamespace(deps, actor.organizationId, updated);
  });
}

/** Plain stacks are initialized when created; blueprint stacks carry their pull-request flow. */
export async function getStackInitializationStatus(deps: StacksDeps, actor: Actor, stackId: string) {
  const row = await stackFor(deps, actor, stackId, 'stack:read');
  return { stackId: row.id, status: row.initStatus as Schemas['StackInitStatus'] };
}

/** For other modules (version discovery): a stack's code location, after `stack:read`. */
export async function stackCodeLocation(deps: StacksDeps, actor: Actor, stackId: string) {
  const row = await stackFor(deps, actor, stackId, 'stack:read');
  return { iacType: row.iacType, vcsInfo: (row.data as StackData).vcsInfo };
}

/**
 * Where a stack sits, for the modules that check access on it themselves (variables): its
 * namespace, template and creator, or null when the organization has no such stack.
 */
export async function stackPlacement(deps: Pick<StacksDeps, 'db'>, organizationId: string, stackId: string) {
  const row = await readOrganization(deps.db, organizationId, (scope) => findStack(scope, stackId));
  return row ? { namespaceId: row.namespaceId, templateId: row.templateId, blueprintId: row.blueprintId, createdBy: row.createdBy, name: row.name } : null;
}

/** How many of the organization's stacks use a VCS provider (the vcs module refuses to delete it then). */
export function stacksUsingVcsProvider(deps: Pick<StacksDeps, 'db'>, organizationId: string, providerId: string): Promise<number> {
  return readOrganization(deps.db, organizationId, (scope) => countStacksUsingProvider(scope, providerId));
}

/**
 * For the modules that put something on a stack (its variables), inside their writing transaction:
 * whether the stack exists, holding it until that transaction ends so it cannot be deleted under
 * what is being written (`deleteStack` locks it, then removes what goes with it).
 */
export async function holdStack(scope: Scope, stackId: string): Promise<boolean> {
  return Boolean(await lockStack(scope, stackId, 'key share'));
}

/** For the namespaces module, in its deleting transaction: the stacks a namespace still holds. */
export async function stacksInNamespace(scope: Scope, namespaceId: string): Promise<NamespaceContent> {
  const { count, names } = await stacksInNamespaceRows(scope, namespaceId, 3);
  return { noun: ['stack', 'stacks'], count, names };
}

// ---------------------------------------------------------------------------------------------
// For the templates module's time-to-live job and blueprint initialisation (system work)

/** Ephemeral stacks of every organization past their time to live and not in an error state yet. */
export function stacksPastTtl(deps: Pick<StacksDeps, 'db'>, now: Date, limit = 100, organizationId?: string) {
  return stacksPastTtlRows(deps.db, now, limit, organizationId);
}

/** Sets a stack's initialization status and/or error state, audited as `initiator`. */
export async function setStackStatus(
  deps: Pick<StacksDeps, 'db'>,
  organizationId: string,
  initiator: AuditInitiator,
  stackId: string,
  status: { initStatus?: Schemas['StackInitStatus']; errorState?: Schemas['StackErrorState'] },
): Promise<void> {
  await inOrganization(deps.db, organizationId, async (scope) => {
    const row = await lockStack(scope, stackId);
    if (!row) return;
    const changes: StackChanges = {};
    if (status.initStatus && status.initStatus !== row.initStatus) changes.initStatus = status.initStatus;
    if (status.errorState && status.errorState !== row.errorState) changes.errorState = status.errorState;
    if (!Object.keys(changes).length) return;
    await updateRow(scope, stackId, changes);
    await recordAudit(scope, initiator, { entityType: 'stack', entityId: row.id, entityName: row.name, action: 'update' });
  });
}

/**
 * Deletes a stack without a user (the time-to-live job once its destroy succeeded), with what goes
 * with it, audited as `initiator`; answers whether it was there to delete. An active run keeps it.
 */
export async function deleteStackAsSystem(deps: StacksDeps, organizationId: string, initiator: AuditInitiator, stackId: string): Promise<boolean> {
  return inOrganization(deps.db, organizationId, async (scope) => {
    const locked = await lockStack(scope, stackId);
    if (!locked) return false;
    refuseWhileRunning(locked, 'delete it');
    await deps.removeWithStack?.(scope, initiator, { id: stackId, name: locked.name });
    const row = await deleteRow(scope, stackId);
    if (!row) return false;
    await recordAudit(scope, initiator, { entityType: 'stack', entityId: row.id, entityName: row.name, action: 'delete' });
    return true;
  });
}

/** A stack by id for system work (no actor): its row's wire view, or undefined. */
export async function stackForSystem(deps: Pick<StacksDeps, 'db'>, organizationId: string, stackId: string): Promise<Stack | undefined> {
  const row = await readOrganization(deps.db, organizationId, (scope) => findStack(scope, stackId));
  return row ? toStack(row, undefined) : undefined;
}
