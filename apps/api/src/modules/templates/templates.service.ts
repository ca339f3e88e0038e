import { renderMessage, validateVariableKey, validateVariableValue } from '@terrace/domain';
import type { Database } from '../../db/database';
import { changesFrom } from '../../db/changes';
import { pagingOf } from '../../db/paged-list';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import { isoTime } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { createDeployment, type RunsDeps } from '../runs/runs.service';
import { createDerivedStack, getStack, type StacksDeps } from '../stacks/stacks.service';
import { checkedName, checkIacConfig, checkRunnerConfig, checkTtlPolicy, checkVcsInfo, chosenTtl, compact } from './template-fields';
import {
  countLiveStacksOf,
  deleteTemplateMapping,
  deleteTemplateRow,
  findBlueprint,
  findTemplate,
  findTemplateByName,
  findTemplateStack,
  insertEvent,
  insertTemplate,
  insertTemplateMapping,
  insertTemplateStack,
  listEventRows,
  listTemplateMappings,
  listTemplateRows,
  lockTemplate,
  updateTemplateRow,
  updateTemplateStack,
  type EventRow,
  type NewEventRow,
  type TemplateChanges,
  type TemplateRow,
} from './templates.repository';

export interface TemplatesDeps {
  db: Database;
  engine: PermissionEngine;
  /** The stacks module's dependencies: stacks are made, changed and deleted through its service. */
  stacks: StacksDeps;
  /** The runs module's dependencies: first deployments, time-to-live destroys. */
  runs: RunsDeps;
  /** Whether the organization has this VCS provider (the vcs module). */
  vcsProviderExists?: (organizationId: string, providerId: string) => Promise<boolean>;
  /** Whether the organization has this namespace (the namespaces module). */
  namespaceExists: (organizationId: string, namespaceId: string) => Promise<boolean>;
  /** Sets a new stack's variables (the variables module), as the actor. */
  setStackVariables?: (actor: Actor, stackId: string, variables: Schemas['VariableValueInput'][]) => Promise<void>;
  /** The clock of the time-to-live job and the events window; tests keep the real one. */
  now?: () => Date;
}

export type Template = Schemas['Template'];
type TemplateInput = Schemas['TemplateInput'];
type TemplateUpdate = Schemas['TemplateUpdate'];
type Ttl = Schemas['Ttl'];
type TemplatePolicy = Schemas['TemplatePolicy'];

export const nowOf = (deps: { now?: (() => Date) | undefined }) => (deps.now ? deps.now() : new Date());

// ---------------------------------------------------------------------------------------------
// Wire views

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    iacType: row.iacType,
    ...(row.description !== null ? { description: row.description } : {}),
    vcsInfo: row.vcsInfo as Schemas['VcsInfo'],
    ...(row.policy ? { policy: row.policy as TemplatePolicy } : {}),
    skipStateRefreshOnDestroy: row.skipStateRefreshOnDestroy,
    ...(row.iacConfig ? { iacConfig: row.iacConfig as Schemas['IacConfig'] } : {}),
    ...(row.runnerConfig ? { runnerConfig: row.runnerConfig as Schemas['RunnerConfig'] } : {}),
    isManaged: false,
    createdAt: isoTime(row.createdAt),
  };
}

export function toEvent(row: EventRow): Schemas['EphemeralStackEvent'] {
  return {
    id: row.id,
    type: row.type,
    ...(row.templateId ? { templateId: row.templateId } : {}),
    ...(row.blueprintId ? { blueprintId: row.blueprintId } : {}),
    stackId: row.stackId,
    stackName: row.stackName,
    ...(row.message ? { message: row.message } : {}),
    ...(row.runId ? { runId: row.runId } : {}),
    createdAt: isoTime(row.createdAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Validation

const nameTaken = (name: string) => `A template named '${name}' already exists`;

async function checkTemplate(deps: TemplatesDeps, organizationId: string, input: Partial<TemplateInput>): Promise<void> {
  const exists = deps.vcsProviderExists;
  if (input.vcsInfo) await checkVcsInfo(input.vcsInfo, 'entity.vcsInfo', exists && ((id) => exists(organizationId, id)));
  checkIacConfig(input.iacConfig, 'entity.iacConfig');
  checkRunnerConfig(input.runnerConfig, 'entity.runnerConfig');
  checkTtlPolicy(input.policy?.ttlConfig, 'entity.policy.ttlConfig');
}

/** A required field of the template may not be cleared by an update's null. */
function refuseNull(input: Record<string, unknown>, fields: string[]): void {
  for (const field of fields) if (input[field] === null) throw validationError(`'entity.${field}' may not be cleared`, `entity.${field}`);
}

async function requireUniqueName(scope: Scope, name: string, exceptId?: string): Promise<void> {
  const existing = await findTemplateByName(scope, name);
  if (existing && existing.id !== exceptId) throw alreadyExists(nameTaken(name), 'entity.name');
}

async function templateFor(deps: TemplatesDeps, actor: Actor, templateId: string): Promise<TemplateRow> {
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findTemplate(scope, templateId));
  if (!row) throw notFound('Template', templateId);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Templates

export interface ListTemplatesQuery {
  templateId?: string | undefined;
  templateName?: string | undefined;
  namespaceId?: string | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listTemplates(deps: TemplatesDeps, actor: Actor, query: ListTemplatesQuery) {
  await deps.engine.require(actor, 'template:read');
  const search = query.search?.trim();
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listTemplateRows(scope, { id: query.templateId, name: query.templateName, namespaceId: query.namespaceId, search: search || undefined }, query),
  );
  return { items: rows.map(toTemplate), paging: pagingOf(query, total) };
}

export async function getTemplate(deps: TemplatesDeps, actor: Actor, templateId: string): Promise<Template> {
  await deps.engine.require(actor, 'template:read');
  return toTemplate(await templateFor(deps, actor, templateId));
}

export async function createTemplate(deps: TemplatesDeps, actor: Actor, input: TemplateInput): Promise<Template> {
  await deps.engine.require(actor, 'template:create');
  const name = checkedName(input.name, 'entity.name');
  await checkTemplate(deps, actor.organizationId, input);
  return unique(nameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueName(scope, name);
      const row = await insertTemplate(scope, {
        name,
        description: input.description ?? null,
        iacType: input.iacType,
        vcsInfo: compact(input.vcsInfo),
        policy: input.policy ?? null,
        skipStateRefreshOnDestroy: input.skipStateRefreshOnDestroy ?? false,
        iacConfig: input.iacConfig ? compact(input.iacConfig) : null,
        runnerConfig: input.runnerConfig ?? null,
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'template', entityId: row.id, entityName: row.name, action: 'create' });
      return toTemplate(row);
    }),
  );
}

export async function updateTemplate(deps: TemplatesDeps, actor: Actor, templateId: string, input: TemplateUpdate): Promise<Template> {
  await deps.engine.require(actor, 'template:update');
  refuseNull(input, ['name', 'iacType', 'vcsInfo']);
  const name = input.name === undefined ? undefined : checkedName(input.name, 'entity.name');
  await checkTemplate(deps, actor.organizationId, compact(input) as Partial<TemplateInput>);
  return unique(nameTaken(name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const current = await lockTemplate(scope, templateId);
      if (!current) throw notFound('Template', templateId);
      if (name !== undefined && name !== current.name) await requireUniqueName(scope, name, templateId);
      const changes: TemplateChanges = changesFrom(input, {
        description: true,
        iacType: true,
        vcsInfo: true,
        policy: true,
        skipStateRefreshOnDestroy: (v: boolean | null) => v ?? false,
        iacConfig: true,
        runnerConfig: true,
      }) as TemplateChanges;
      if (name !== undefined) changes.name = name;
      // The policy as a whole: a maximum changed alone is checked against the stored default.
      if (input.policy !== undefined && input.policy !== null) checkTtlPolicy({ ...(current.policy?.['ttlConfig'] ?? {}), ...input.policy.ttlConfig }, 'entity.policy.ttlConfig');
      const row = (await updateTemplateRow(scope, templateId, changes)) ?? current;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'template', entityId: row.id, entityName: row.name, action: 'update' });
      return toTemplate(row);
    }),
  );
}

/** A template whose stacks still live is kept: they follow its policy until destroyed. */
export async function deleteTemplate(deps: TemplatesDeps, actor: Actor, templateId: string): Promise<void> {
  await deps.engine.require(actor, 'template:delete');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const current = await lockTemplate(scope, templateId);
    if (!current) throw notFound('Template', templateId);
    const live = await countLiveStacksOf(scope, 'templateId', templateId);
    if (live > 0) throw new DomainError('conflict', `The template '${current.name}' still has ${live} stack(s); delete them first`);
    await deleteTemplateRow(scope, templateId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'template', entityId: current.id, entityName: current.name, action: 'delete' });
  });
}

/** For the variables module: whether the organization has this template (template-scoped variables). */
export async function templateExists(deps: Pick<TemplatesDeps, 'db'>, organizationId: string, templateId: string): Promise<boolean> {
  return Boolean(await readOrganization(deps.db, organizationId, (scope) => findTemplate(scope, templateId)));
}

/** For the variables module: whether the organization has this blueprint (blueprint-scoped variables). */
export async function blueprintExists(deps: Pick<TemplatesDeps, 'db'>, organizationId: string, blueprintId: string): Promise<boolean> {
  return Boolean(await readOrganization(deps.db, organizationId, (scope) => findBlueprint(scope, blueprintId)));
}

/** The maximum time to live of a template's policy (the stacks module bounds extendTtl with it). */
export async function maxTtlOfTemplate(deps: Pick<TemplatesDeps, 'db'>, organizationId: string, templateId: string): Promise<Ttl | undefined> {
  const row = await readOrganization(deps.db, organizationId, (scope) => findTemplate(scope, templateId));
  return (row?.policy as TemplatePolicy | null | undefined)?.ttlConfig?.maxTtl;
}

// ---------------------------------------------------------------------------------------------
// Namespace mappings

type TemplateMapping = Schemas['TemplateNamespaceMapping'];

export async function listTemplateNamespaceMappings(
  deps: TemplatesDeps,
  actor: Actor,
  query: { templateId?: string | undefined; namespaceId?: string | undefined },
): Promise<TemplateMapping[]> {
  await deps.engine.require(actor, 'template:read');
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) => listTemplateMappings(scope, query));
  return rows.map((r) => ({ templateId: r.templateId, namespaceId: r.namespaceId }));
}

export async function createTemplateNamespaceMapping(deps: TemplatesDeps, actor: Actor, input: TemplateMapping): Promise<TemplateMapping> {
  await deps.engine.require(actor, 'template:update');
  if (!(await deps.namespaceExists(actor.organizationId, input.namespaceId))) {
    throw validationError(`Namespace ${input.namespaceId} was not found`, 'entity.namespaceId');
  }
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const template = await lockTemplate(scope, input.templateId);
    if (!template) throw validationError(`Template ${input.templateId} was not found`, 'entity.templateId');
    if (!(await insertTemplateMapping(scope, input.templateId, input.namespaceId))) {
      throw alreadyExists(`The template '${template.name}' is already mapped to namespace ${input.namespaceId}`, 'entity.namespaceId');
    }
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'templateNamespaceMapping',
      entityId: `${input.templateId}/${input.namespaceId}`,
      entityName: template.name,
      action: 'create',
    });
    return { templateId: input.templateId, namespaceId: input.namespaceId };
  });
}

export async function deleteTemplateNamespaceMapping(deps: TemplatesDeps, actor: Actor, input: Schemas['TemplateNamespaceMappingKey']): Promise<void> {
  await deps.engine.require(actor, 'template:update');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const [row] = await deleteTemplateMapping(scope, input.templateId, input.namespaceId);
    if (!row) throw notFound('Template namespace mapping', `${input.templateId}/${input.namespaceId}`);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'templateNamespaceMapping',
      entityId: `${input.templateId}/${input.namespaceId}`,
      action: 'delete',
    });
  });
}

/** A template or blueprint mapped to some namespaces is offered only there; one mapped nowhere, everywhere. */
export function checkOfferedIn(mappedNamespaces: string[], namespaceId: string, what: string): void {
  if (mappedNamespaces.length > 0 && !mappedNamespaces.includes(namespaceId)) {
    throw validationError(`The ${what} is not offered in namespace ${namespaceId}`, 'entity.namespaceId');
  }
}

// ---------------------------------------------------------------------------------------------
// Events

export async function listEvents(
  deps: TemplatesDeps,
  actor: Actor,
  of: 'template' | 'blueprint',
  query: { templateId?: string | undefined; blueprintId?: string | undefined; stackId?: string | undefined; daysBack?: number | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, of === 'template' ? 'template:read' : 'blueprint:read');
  const daysBack = query.daysBack ?? 7;
  if (!Number.isInteger(daysBack) || daysBack < 1 || daysBack > 365) throw validationError('daysBack must be a whole number of days from 1 to 365', 'daysBack');
  const since = new Date(nowOf(deps).getTime() - daysBack * 24 * 3600_000).toISOString();
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listEventRows(
      scope,
      {
        templateId: of === 'template' ? query.templateId : undefined,
        blueprintId: of === 'blueprint' ? query.blueprintId : undefined,
        stackId: query.stackId,
        since,
        ofTemplates: of === 'template',
      },
      query,
    ),
  );
  return { items: rows.map(toEvent), paging: pagingOf(query, total) };
}

export const recordEvent = (scope: Scope, event: NewEventRow) => insertEvent(scope, event);

/**
 * For the stacks module, in its deleting transaction: a stack made from a template or blueprint
 * that a user deletes gets its stackDeleted event.
 */
export async function recordStackRemoval(scope: Scope, _initiator: AuditInitiator, stackId: string): Promise<void> {
  const followed = await findTemplateStack(scope, stackId);
  if (!followed || followed.deletedAt) return;
  await updateTemplateStack(scope, stackId, { deletedAt: new Date(), deployReported: true, destroyReported: true });
  await insertEvent(scope, {
    type: 'stackDeleted',
    templateId: followed.templateId,
    blueprintId: followed.blueprintId,
    stackId,
    stackName: followed.stackName,
    message: 'The stack was deleted',
  });
}

// ---------------------------------------------------------------------------------------------
// Stacks from templates

function checkVariables(variables: Schemas['VariableValueInput'][]): void {
  const seen = new Set<string>();
  variables.forEach((variable, i) => {
    const keyProblem = validateVariableKey(variable.key, { allowDash: (variable.type ?? 'tfVar') === 'tfVar' });
    if (keyProblem) throw validationError(renderMessage(keyProblem), `entity.variables.${i}.key`);
    if (seen.has(variable.key)) throw validationError(`The variable '${variable.key}' is given twice`, `entity.variables.${i}.key`);
    seen.add(variable.key);
    const valueProblem = validateVariableValue(variable.value, { allowEmpty: true });
    if (valueProblem) throw validationError(renderMessage(valueProblem), `entity.variables.${i}.value`);
  });
}

/**
 * An ephemeral stack from a template: its code, engine and runner settings, a time to live within
 * the template's policy, the given variables; then its first deployment starts.
 */
export async function createStackFromTemplate(deps: TemplatesDeps, actor: Actor, input: Schemas['StackFromTemplateInput']): Promise<Schemas['Stack']> {
  await deps.engine.require(actor, 'stack:createFromTemplate', { namespaceId: input.namespaceId });
  const template = await readOrganization(deps.db, actor.organizationId, (scope) => findTemplate(scope, input.templateId));
  if (!template) throw validationError(`Template ${input.templateId} was not found`, 'entity.templateId');
  const mapped = await readOrganization(deps.db, actor.organizationId, (scope) => listTemplateMappings(scope, { templateId: template.id }));
  checkOfferedIn(
    mapped.map((m) => m.namespaceId),
    input.namespaceId,
    `template '${template.name}'`,
  );
  const policy = (template.policy as TemplatePolicy | null)?.ttlConfig;
  const ttl = chosenTtl(input.ttl, policy, 'entity.ttl');
  const variables = input.variables ?? [];
  checkVariables(variables);
  const data = compact({
    vcsInfo: template.vcsInfo as Schemas['VcsInfo'],
    iacConfig: (template.iacConfig ?? undefined) as Schemas['IacConfig'] | undefined,
    runnerConfig: (template.runnerConfig ?? undefined) as Schemas['RunnerConfig'] | undefined,
    policy: { ttlConfig: { ttl } },
  });
  const stack = await createDerivedStack(
    deps.stacks,
    actor,
    { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}), namespaceId: input.namespaceId, iacType: template.iacType, data },
    {
      stackType: 'ephemeralManaged',
      templateId: template.id,
      fieldPrefix: 'entity',
      withStack: async (scope, row) => {
        await insertTemplateStack(scope, { stackId: row.id, stackName: row.name, templateId: template.id });
        await insertEvent(scope, {
          type: 'stackCreated',
          templateId: template.id,
          stackId: row.id,
          stackName: row.name,
          message: `Created from template '${template.name}' with a time to live of ${ttl.value} ${ttl.type}`,
        });
      },
    },
  );
  if (variables.length && deps.setStackVariables) await deps.setStackVariables(actor, stack.id, variables);
  // The stack's resources are created by its first deployment; the job reports how it ended.
  const run = await createDeployment(deps.runs, actor, { stackId: stack.id, isDestroy: false });
  await inOrganization(deps.db, actor.organizationId, (scope) => updateTemplateStack(scope, stack.id, { deployRunId: run.id }));
  return getStack(deps.stacks, actor, stack.id);
}
