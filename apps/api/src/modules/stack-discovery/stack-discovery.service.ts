import { renderMessage, validateBranchName, validateInclusionPath } from '@terrace/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { pagingOf } from '../../db/paged-list';
import { inOrganization, readOrganization } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import type { Schemas } from '../../http/contract-types';
import { DomainError, notFound, validationError } from '../../http/domain-error';
import { isoTime } from '../../http/envelope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditInitiator } from '../audit/audit.service';
import { stacksOfVcsProvider } from '../stacks/stack-runs.service';
import { globToRegExp } from '../vcs/run-trigger-patterns';
import {
  configurationsOfRepository,
  insertProposal,
  listProposals,
  lockEvent,
  lockProposal,
  proposalsOf,
  unfinishedScans,
  updateProposal,
  type ProposalRow,
  deleteConfiguration as deleteRow,
  findActiveEvent,
  findConfiguration,
  insertConfiguration,
  insertEvent,
  listConfigurations,
  listEvents,
  lockConfiguration,
  updateConfiguration as updateRow,
  updateEvent,
  type DiscoveryConfigurationChanges,
  type DiscoveryConfigurationRow,
  type DiscoveryEventRow,
} from './stack-discovery.repository';
import type { DiscoveredStackColumn, StackDiscoveryStatus, VcsPatternColumn } from './stack-discovery.schema';

// Stack auto-discovery (spec §3–§5, §7): a configuration names repositories, the path patterns of
// the directories to take (§5's inclusion rules) and those to leave out, and the settings of the
// stacks to create. A scan reads the real repository (git, through the vcs module), finds the
// directories holding IaC code (.tf, .tofu, terragrunt.hcl), keeps those matching the patterns and,
// for each one no stack uses yet, creates a stack (mode create) or proposes it for a user to accept
// or dismiss (mode propose). Each scan is an event: init → inProgress → finished or error. The
// request (run now, the configuration's creation, a push) only records the scan (init); the
// PostgreSQL job queue runs it (DISCOVERY_SCAN_JOB), and a sweep every minute picks up a scan
// whose job was lost. One scan per configuration at a time.

type Configuration = Schemas['StackDiscoveryConfiguration'];
type ConfigurationInput = Schemas['StackDiscoveryConfigurationInput'];
type ConfigurationUpdate = Schemas['StackDiscoveryConfigurationUpdate'];
type DiscoveryEvent = Schemas['StackDiscoveryEvent'];
type IacDirectory = { repoName: string; branch?: string | undefined; path: string; iacType: 'terraform' | 'terragrunt' | 'opentofu' };

/** A scan started longer ago than this and never ended is presumed lost (its server stopped). */
export const STALE_SCAN_MS = 30 * 60 * 1000;
/** A scan still waiting this long was not taken by its job (the queue lost it): the sweep runs it. */
export const WAITING_SCAN_MS = 60 * 1000;

/** The job queue's job running one scan (background-jobs.ts), and the sweep's. */
export const DISCOVERY_SCAN_JOB = 'stack-discovery-scan';
export const DISCOVERY_SWEEP_JOB = 'stack-discovery-sweep';

export interface ScanRequest {
  organizationId: string;
  eventId: string;
}

export interface StackDiscoveryDeps {
  db: Database;
  engine: PermissionEngine;
  vcsProviderExists: (organizationId: string, providerId: string) => Promise<boolean>;
  namespaceExists: (organizationId: string, namespaceId: string) => Promise<boolean>;
  /** The directories of a repository branch holding IaC code (vcs module's iacDirectoriesOf). */
  iacDirectories: (organizationId: string, providerId: string, repoName: string, branch?: string) => Promise<IacDirectory[]>;
  /** Creates a stack as the configuration's author (stacks module's createStackFor). */
  createStack: (organizationId: string, author: { initiator: AuditInitiator; userId: string | null }, input: Schemas['StackInput']) => Promise<{ id: string }>;
  /** The checks a stack's settings get in a namespace (stacks module's checkStackSettings). */
  checkStackSettings?: (organizationId: string, namespaceId: string, data: Schemas['StackData'], prefix: string) => Promise<void>;
  scans: DiscoveryScans;
  logger?: FastifyBaseLogger | undefined;
}

/**
 * Where recorded scans go to run: the job queue once the server has started it (`useQueue`);
 * until then (a test API without a queue) this process runs them, and `idle()` waits for them.
 */
export class DiscoveryScans {
  readonly #running = new Set<Promise<void>>();
  #send: ((request: ScanRequest) => Promise<unknown>) | undefined;

  /** From now on scans are sent to the job queue. */
  useQueue(send: (request: ScanRequest) => Promise<unknown>): void {
    this.#send = send;
  }

  /** Sends the scan to the queue; a failed send leaves it waiting for the sweep. Without a queue, runs it here. */
  async dispatch(request: ScanRequest, run: () => Promise<void>, logger?: FastifyBaseLogger): Promise<void> {
    if (this.#send) {
      await this.#send(request).catch((error: unknown) => logger?.warn({ ...request, err: String(error) }, 'Queueing a stack discovery scan failed; the sweep will run it'));
      return;
    }
    const promise: Promise<void> = run().finally(() => this.#running.delete(promise));
    this.#running.add(promise);
  }

  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running]);
  }
}

export function toConfiguration(row: DiscoveryConfigurationRow): Configuration {
  return {
    id: row.id,
    name: row.name,
    namespaceId: row.namespaceId,
    ...(row.description !== null ? { description: row.description } : {}),
    vcsPatterns: row.vcsPatterns,
    stackConfig: row.stackConfig as Configuration['stackConfig'],
    mode: row.mode,
    status: row.status,
    ...(row.lastRunAt ? { lastRunAt: isoTime(row.lastRunAt) } : {}),
    createdAt: isoTime(row.createdAt),
  };
}

export function toEvent(row: DiscoveryEventRow): DiscoveryEvent {
  return {
    id: row.id,
    stackDiscoveryConfigurationId: row.configurationId,
    status: row.status,
    createdStacks: row.createdStacks,
    proposedCount: row.proposedCount,
    ...(row.message !== null ? { message: row.message } : {}),
    createdAt: isoTime(row.createdAt),
  };
}

const nameTaken = (name: string) => `A stack discovery configuration named '${name}' already exists`;

async function checkPatterns(deps: StackDiscoveryDeps, organizationId: string, patterns: VcsPatternColumn[], field: string): Promise<VcsPatternColumn[]> {
  const out: VcsPatternColumn[] = [];
  for (const [i, pattern] of patterns.entries()) {
    const at = `${field}.${i}`;
    if (!(await deps.vcsProviderExists(organizationId, pattern.providerId))) throw validationError(`VCS provider ${pattern.providerId} was not found`, `${at}.providerId`);
    const repoName = pattern.repoName.trim();
    if (!repoName) throw validationError('Select a repository', `${at}.repoName`);
    const pathPatterns = pattern.pathPatterns.map((p) => p.trim()).filter((p) => p !== '');
    if (!pathPatterns.length) throw validationError('Add at least one path pattern', `${at}.pathPatterns`);
    pathPatterns.forEach((p, j) => {
      const problem = validateInclusionPath(p);
      if (problem) throw validationError(renderMessage(problem), `${at}.pathPatterns.${j}`);
    });
    const excludePathPatterns = (pattern.excludePathPatterns ?? []).map((p) => p.trim().replace(/^\/+/, '')).filter((p) => p !== '');
    const branch = pattern.branch?.trim();
    if (branch) {
      const problem = validateBranchName(branch);
      if (problem) throw validationError(renderMessage(problem), `${at}.branch`);
    }
    out.push({ providerId: pattern.providerId, repoName, pathPatterns, ...(excludePathPatterns.length ? { excludePathPatterns } : {}), ...(branch ? { branch } : {}) });
  }
  return out;
}

async function checkNamespace(deps: StackDiscoveryDeps, organizationId: string, namespaceId: string, field: string) {
  if (!(await deps.namespaceExists(organizationId, namespaceId))) throw validationError(`Namespace ${namespaceId} was not found`, field);
}

/** The stack config is checked as the stacks it makes will be, in the configuration's namespace. */
async function checkStackConfig(deps: StackDiscoveryDeps, organizationId: string, namespaceId: string, stackConfig: Configuration['stackConfig']) {
  const { iacType: _iacType, ...settings } = stackConfig;
  await deps.checkStackSettings?.(organizationId, namespaceId, settings as Schemas['StackData'], 'entity.stackConfig');
}

async function configurationFor(deps: StackDiscoveryDeps, actor: Actor, id: string, permission: 'stackDiscovery:read' | 'stackDiscovery:update' | 'stackDiscovery:delete') {
  await deps.engine.require(actor, permission);
  const row = await readOrganization(deps.db, actor.organizationId, (scope) => findConfiguration(scope, id));
  if (!row) throw notFound('Stack discovery configuration', id);
  return row;
}

const entryOf = (row: DiscoveryConfigurationRow, action: 'create' | 'update' | 'delete') =>
  ({ entityType: 'stackDiscoveryConfiguration', entityId: row.id, entityName: row.name, action }) as const;

// ---------------------------------------------------------------------------------------------
// Configurations

export async function listStackDiscoveryConfigurations(
  deps: StackDiscoveryDeps,
  actor: Actor,
  query: { stackDiscoveryConfigurationId?: string | undefined; namespaceId?: string | undefined; search?: string | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'stackDiscovery:read');
  const search = query.search?.trim();
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listConfigurations(scope, { id: query.stackDiscoveryConfigurationId, namespaceId: query.namespaceId, search: search || undefined }, query),
  );
  return { items: rows.map(toConfiguration), paging: pagingOf(query, total) };
}

export async function getStackDiscoveryConfiguration(deps: StackDiscoveryDeps, actor: Actor, id: string): Promise<Configuration> {
  return toConfiguration(await configurationFor(deps, actor, id, 'stackDiscovery:read'));
}

export async function createStackDiscoveryConfiguration(deps: StackDiscoveryDeps, actor: Actor, input: ConfigurationInput): Promise<Configuration> {
  await deps.engine.require(actor, 'stackDiscovery:create');
  const name = input.name.trim();
  if (!name) throw validationError('Name must not be blank', 'entity.name');
  await checkNamespace(deps, actor.organizationId, input.namespaceId, 'entity.namespaceId');
  const vcsPatterns = await checkPatterns(deps, actor.organizationId, input.vcsPatterns, 'entity.vcsPatterns');
  await checkStackConfig(deps, actor.organizationId, input.namespaceId, input.stackConfig);
  const created = await unique(nameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await insertConfiguration(scope, {
        name,
        namespaceId: input.namespaceId,
        description: input.description ?? null,
        vcsPatterns,
        stackConfig: input.stackConfig as Record<string, unknown>,
        mode: input.mode ?? 'create',
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), entryOf(row, 'create'));
      return row;
    }),
  );
  // A new configuration is scanned at once.
  const started = await beginScan(deps, actor.organizationId, created.id, 'create', { initiator: initiatorOf(actor), userId: actor.userId });
  return toConfiguration(started?.configuration ?? created);
}

export async function updateStackDiscoveryConfiguration(deps: StackDiscoveryDeps, actor: Actor, id: string, input: ConfigurationUpdate): Promise<Configuration> {
  await configurationFor(deps, actor, id, 'stackDiscovery:update');
  const changes: DiscoveryConfigurationChanges = {};
  if (input.name !== undefined && input.name !== null) {
    const name = input.name.trim();
    if (!name) throw validationError('Name must not be blank', 'entity.name');
    changes.name = name;
  }
  if (input.namespaceId) {
    await checkNamespace(deps, actor.organizationId, input.namespaceId, 'entity.namespaceId');
    changes.namespaceId = input.namespaceId;
  }
  if (input.description !== undefined) changes.description = input.description ?? null;
  if (input.vcsPatterns) changes.vcsPatterns = await checkPatterns(deps, actor.organizationId, input.vcsPatterns, 'entity.vcsPatterns');
  if (input.stackConfig) changes.stackConfig = input.stackConfig as Record<string, unknown>;
  if (input.mode) changes.mode = input.mode;
  if (input.stackConfig || input.namespaceId) {
    const current = await configurationFor(deps, actor, id, 'stackDiscovery:update');
    await checkStackConfig(deps, actor.organizationId, input.namespaceId ?? current.namespaceId, (input.stackConfig ?? current.stackConfig) as Configuration['stackConfig']);
  }
  return unique(nameTaken(changes.name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      if (!(await lockConfiguration(scope, id))) throw notFound('Stack discovery configuration', id);
      const row = await updateRow(scope, id, changes);
      if (!row) throw notFound('Stack discovery configuration', id);
      await recordAudit(scope, initiatorOf(actor), entryOf(row, 'update'));
      return toConfiguration(row);
    }),
  );
}

export async function deleteStackDiscoveryConfiguration(deps: StackDiscoveryDeps, actor: Actor, id: string): Promise<Record<string, never>> {
  await configurationFor(deps, actor, id, 'stackDiscovery:delete');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope, id);
    if (!row) throw notFound('Stack discovery configuration', id);
    await recordAudit(scope, initiatorOf(actor), entryOf(row, 'delete'));
  });
  return {};
}

// ---------------------------------------------------------------------------------------------
// Events and scans

export async function listStackDiscoveryEvents(
  deps: StackDiscoveryDeps,
  actor: Actor,
  query: { stackDiscoveryConfigurationId?: string | undefined; daysBack?: number | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'stackDiscovery:read');
  const daysBack = query.daysBack ?? 30;
  if (!Number.isInteger(daysBack) || daysBack < 1) throw validationError('daysBack must be a whole number of days, at least 1', 'daysBack');
  const since = new Date(Date.now() - daysBack * 24 * 3600 * 1000);
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listEvents(scope, { since, ...(query.stackDiscoveryConfigurationId ? { configurationIds: [query.stackDiscoveryConfigurationId] } : {}) }, query),
  );
  return { items: rows.map(toEvent), paging: pagingOf(query, total) };
}

/** Run now: a new scan (409 while one of the configuration is still running). */
export async function runStackDiscovery(deps: StackDiscoveryDeps, actor: Actor, id: string): Promise<DiscoveryEvent> {
  await configurationFor(deps, actor, id, 'stackDiscovery:update');
  const started = await beginScan(deps, actor.organizationId, id, 'manual', { initiator: initiatorOf(actor), userId: actor.userId });
  if (!started) throw new DomainError('conflict', 'A scan of this configuration is already running; wait for it to finish');
  return toEvent(started.event);
}

type Author = { initiator: AuditInitiator; userId: string | null };

/**
 * Records a scan (init) unless one of the configuration is still running, and starts it in the
 * background. Answers undefined when a scan was already running.
 */
async function beginScan(deps: StackDiscoveryDeps, organizationId: string, configurationId: string, trigger: 'manual' | 'create' | 'push', author: Author) {
  const started = await inOrganization(deps.db, organizationId, async (scope) => {
    const configuration = await lockConfiguration(scope, configurationId);
    if (!configuration) throw notFound('Stack discovery configuration', configurationId);
    const active = await findActiveEvent(scope, configurationId);
    // A scan whose server stopped before it ended does not hold the configuration for ever.
    if (active && Date.now() - active.createdAt.getTime() < STALE_SCAN_MS) return undefined;
    if (active) {
      await updateEvent(scope, active.id, { status: 'error', message: 'The scan stopped before it finished (its server was restarted)', finishedAt: new Date() });
    }
    const event = await insertEvent(scope, { configurationId, status: 'init', trigger, requestedBy: author });
    const updated = (await updateRow(scope, configurationId, { status: 'init', lastRunAt: new Date() })) ?? configuration;
    return { event, configuration: updated };
  });
  if (started) {
    const request = { organizationId, eventId: started.event.id };
    await deps.scans.dispatch(request, () => runDiscoveryScan(deps, request), deps.logger);
  }
  return started;
}

/**
 * The job queue's handler: claims the scan (init → inProgress, once, whatever the number of
 * replicas or retries) and runs it. A scan already taken, or whose configuration is gone, is left.
 */
export async function runDiscoveryScan(deps: StackDiscoveryDeps, request: ScanRequest): Promise<void> {
  const claimed = await inOrganization(deps.db, request.organizationId, async (scope) => {
    const event = await lockEvent(scope, request.eventId);
    if (!event || event.status !== 'init') return undefined;
    const configuration = await findConfiguration(scope, event.configurationId);
    if (!configuration) return undefined;
    await updateEvent(scope, event.id, { status: 'inProgress', startedAt: new Date() });
    await updateRow(scope, configuration.id, { status: 'inProgress' });
    return { event, configuration };
  });
  if (!claimed) return;
  const author: Author = claimed.event.requestedBy ?? { initiator: { name: 'stack discovery', type: 'system', userId: null }, userId: claimed.configuration.createdBy };
  await scan(deps, request.organizationId, claimed.configuration, claimed.event.id, author);
}

/**
 * The sweep (every minute): a scan waiting longer than WAITING_SCAN_MS lost its job and runs now;
 * one running longer than STALE_SCAN_MS lost its server and ends in error.
 */
export async function sweepDiscoveryScans(deps: StackDiscoveryDeps, now: Date, only?: { organizationId: string }): Promise<{ ran: string[]; lost: string[] }> {
  const pass = { ran: [] as string[], lost: [] as string[] };
  // `only` confines the sweep to one organization (tests sharing a database with others).
  const unfinished = await unfinishedScans(deps.db, new Date(now.getTime() - WAITING_SCAN_MS), new Date(now.getTime() - STALE_SCAN_MS), 50, only?.organizationId);
  for (const event of unfinished) {
    if (event.status === 'inProgress') {
      await setStatus(deps, event.organizationId, event.configurationId, event.id, 'error', { message: 'The scan stopped before it finished (its server was restarted)' });
      pass.lost.push(event.id);
      continue;
    }
    await runDiscoveryScan(deps, { organizationId: event.organizationId, eventId: event.id });
    pass.ran.push(event.id);
  }
  return pass;
}

async function setStatus(
  deps: StackDiscoveryDeps,
  organizationId: string,
  configurationId: string,
  eventId: string,
  status: StackDiscoveryStatus,
  extra: { createdStacks?: DiscoveredStackColumn[]; proposedCount?: number; message?: string } = {},
) {
  const ends = status === 'finished' || status === 'error';
  await inOrganization(deps.db, organizationId, async (scope) => {
    await updateEvent(scope, eventId, { status, ...extra, ...(status === 'inProgress' ? { startedAt: new Date() } : {}), ...(ends ? { finishedAt: new Date() } : {}) });
    await updateRow(scope, configurationId, { status });
  });
}

const normalisePath = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** Whether a directory is taken: it matches an inclusion pattern and no exclusion pattern (a pattern matches it or a directory above it). */
export function directoryIncluded(path: string, pathPatterns: string[], excludePathPatterns: string[] = []): boolean {
  const dir = normalisePath(path);
  if (!dir) return false;
  const included = pathPatterns.some((p) => globToRegExp(normalisePath(p)).test(dir));
  if (!included) return false;
  const parts = dir.split('/');
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  return !excludePathPatterns.some((p) => {
    const regex = globToRegExp(normalisePath(p));
    return prefixes.some((prefix) => regex.test(prefix));
  });
}

function stackNameOf(repoName: string, path: string): string {
  const repo = repoName.split('/').pop() ?? repoName;
  return `${repo}-${path.replace(/\//g, '-')}`.slice(0, 120);
}

/**
 * Creates the stack of a discovered directory, named after its repository and path, with the
 * configuration's settings; a name another stack of the namespace holds takes the next suffix.
 */
async function createDiscoveredStack(
  deps: StackDiscoveryDeps,
  organizationId: string,
  configuration: DiscoveryConfigurationRow,
  author: Author,
  directory: { providerId: string; repoName: string; path: string; branch?: string | undefined; iacType?: IacDirectory['iacType'] | undefined },
  names: Set<string>,
): Promise<{ id: string }> {
  const { iacType, ...settings } = configuration.stackConfig as Schemas['StackDiscoveryConfiguration']['stackConfig'];
  const base = stackNameOf(directory.repoName, directory.path);
  let name = base;
  for (let n = 2; names.has(name); n += 1) name = `${base}-${n}`;
  // Another stack of the namespace (of another repository or provider) may hold the name: the next suffix then.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const stack = await deps.createStack(organizationId, author, {
        name,
        namespaceId: configuration.namespaceId,
        iacType,
        description: `Discovered by '${configuration.name}' in ${directory.repoName}/${directory.path}`,
        data: {
          ...(settings as Schemas['StackData']),
          vcsInfo: { providerId: directory.providerId, repoName: directory.repoName, path: directory.path, ...(directory.branch ? { branch: directory.branch } : {}) },
        },
      });
      names.add(name);
      return stack;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'already_exists') || attempt >= 20) throw error;
      names.add(name);
      name = `${base}-${attempt + 2}`;
    }
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Scans every repository of the configuration and creates (or proposes) the stacks it finds. */
async function scan(deps: StackDiscoveryDeps, organizationId: string, configuration: DiscoveryConfigurationRow, eventId: string, author: Author): Promise<void> {
  const created: DiscoveredStackColumn[] = [];
  const propose = configuration.mode === 'propose';
  let proposed = 0;
  try {
    let found = 0;
    let existing = 0;
    let decided = 0;
    const earlier = propose ? await readOrganization(deps.db, organizationId, (scope) => proposalsOf(scope, configuration.id)) : [];
    const proposedBefore = new Set(earlier.map((p) => `${p.providerId}\n${p.repoName.toLowerCase()}\n${p.path}`));
    for (const pattern of configuration.vcsPatterns) {
      const directories = await deps.iacDirectories(organizationId, pattern.providerId, pattern.repoName, pattern.branch);
      const matched = directories.filter((d) => directoryIncluded(d.path, pattern.pathPatterns, pattern.excludePathPatterns));
      found += matched.length;
      const stacks = await stacksOfVcsProvider(deps.db, organizationId, pattern.providerId);
      const used = new Set(stacks.map((s) => `${(s.data.vcsInfo?.repoName ?? '').toLowerCase()}\n${normalisePath(s.data.vcsInfo?.path ?? '')}`));
      const names = new Set(stacks.filter((s) => s.namespaceId === configuration.namespaceId).map((s) => s.name));
      for (const directory of matched) {
        const path = normalisePath(directory.path);
        if (used.has(`${pattern.repoName.toLowerCase()}\n${path}`)) {
          existing += 1;
          continue;
        }
        // A configuration deleted during its scan creates nothing more.
        if (!(await readOrganization(deps.db, organizationId, (scope) => findConfiguration(scope, configuration.id)))) return;
        const branch = pattern.branch ?? directory.branch;
        if (propose) {
          // Proposed once: a dismissed (or accepted) directory is not proposed again.
          if (proposedBefore.has(`${pattern.providerId}\n${pattern.repoName.toLowerCase()}\n${path}`)) {
            decided += 1;
            continue;
          }
          await inOrganization(deps.db, organizationId, (scope) =>
            insertProposal(scope, { configurationId: configuration.id, eventId, providerId: pattern.providerId, repoName: pattern.repoName, branch: branch ?? null, path, iacType: directory.iacType }),
          );
          proposedBefore.add(`${pattern.providerId}\n${pattern.repoName.toLowerCase()}\n${path}`);
          proposed += 1;
          continue;
        }
        const stack = await createDiscoveredStack(deps, organizationId, configuration, author, { providerId: pattern.providerId, repoName: pattern.repoName, path, branch }, names);
        used.add(`${pattern.repoName.toLowerCase()}\n${path}`);
        created.push({ stackId: stack.id, repoName: pattern.repoName, path });
      }
    }
    const found_ = `Found ${plural(found, 'matching directory', 'matching directories')}`;
    const message = propose
      ? `${found_}: ${plural(proposed, 'stack', 'stacks')} proposed, ${existing} already managed${decided ? `, ${decided} proposed before` : ''}`
      : `${found_}: ${plural(created.length, 'stack', 'stacks')} created, ${existing} already managed`;
    await setStatus(deps, organizationId, configuration.id, eventId, 'finished', { createdStacks: created, proposedCount: proposed, message });
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    deps.logger?.warn({ configurationId: configuration.id, eventId, err: cause }, 'Stack discovery scan failed');
    await setStatus(deps, organizationId, configuration.id, eventId, 'error', { createdStacks: created, proposedCount: proposed, message: cause }).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Proposals (propose mode)

type Proposal = Schemas['StackDiscoveryProposal'];

export function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    stackDiscoveryConfigurationId: row.configurationId,
    providerId: row.providerId,
    repoName: row.repoName,
    ...(row.branch ? { branch: row.branch } : {}),
    path: row.path,
    iacType: row.iacType,
    status: row.status,
    ...(row.stackId ? { stackId: row.stackId } : {}),
    createdAt: isoTime(row.createdAt),
    ...(row.decidedAt ? { decidedAt: isoTime(row.decidedAt) } : {}),
  };
}

export async function listStackDiscoveryProposals(
  deps: StackDiscoveryDeps,
  actor: Actor,
  query: { stackDiscoveryConfigurationId?: string | undefined; status?: Proposal['status'] | undefined; page: number; pageSize: number },
) {
  await deps.engine.require(actor, 'stackDiscovery:read');
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listProposals(scope, { ...(query.stackDiscoveryConfigurationId ? { configurationIds: [query.stackDiscoveryConfigurationId] } : {}), status: query.status }, query),
  );
  return { items: rows.map(toProposal), paging: pagingOf(query, total) };
}

/** Takes a proposal out of 'proposed' (locked, once) with the audit row of its configuration's change. */
async function decide(deps: StackDiscoveryDeps, actor: Actor, proposalId: string, status: 'accepted' | 'dismissed') {
  await deps.engine.require(actor, 'stackDiscovery:update');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const proposal = await lockProposal(scope, proposalId);
    if (!proposal) throw notFound('Proposed stack', proposalId);
    if (proposal.status !== 'proposed') throw new DomainError('conflict', `This proposed stack was already ${proposal.status}`);
    const configuration = await findConfiguration(scope, proposal.configurationId);
    if (!configuration) throw notFound('Stack discovery configuration', proposal.configurationId);
    const row = await updateProposal(scope, proposalId, { status, decidedAt: new Date() });
    await recordAudit(scope, initiatorOf(actor), entryOf(configuration, 'update'));
    return { proposal: row ?? proposal, configuration };
  });
}

/** Accept: the stack is created with the configuration's settings, as the user who accepted it. */
export async function acceptStackDiscoveryProposal(deps: StackDiscoveryDeps, actor: Actor, proposalId: string): Promise<Proposal> {
  const { proposal, configuration } = await decide(deps, actor, proposalId, 'accepted');
  try {
    const stacks = await stacksOfVcsProvider(deps.db, actor.organizationId, proposal.providerId);
    if (stacks.some((s) => (s.data.vcsInfo?.repoName ?? '').toLowerCase() === proposal.repoName.toLowerCase() && normalisePath(s.data.vcsInfo?.path ?? '') === proposal.path)) {
      throw new DomainError('conflict', `A stack already manages ${proposal.repoName}/${proposal.path}`);
    }
    const names = new Set(stacks.filter((s) => s.namespaceId === configuration.namespaceId).map((s) => s.name));
    const stack = await createDiscoveredStack(deps, actor.organizationId, configuration, { initiator: initiatorOf(actor), userId: actor.userId }, { ...proposal, branch: proposal.branch ?? undefined }, names);
    const row = await inOrganization(deps.db, actor.organizationId, (scope) => updateProposal(scope, proposal.id, { stackId: stack.id }));
    return toProposal(row ?? proposal);
  } catch (error) {
    // The stack was not made: the proposal stays to be accepted again (or dismissed).
    await inOrganization(deps.db, actor.organizationId, (scope) => updateProposal(scope, proposal.id, { status: 'proposed', decidedAt: null }));
    throw error;
  }
}

/** Dismiss: later scans do not propose the directory again. */
export async function dismissStackDiscoveryProposal(deps: StackDiscoveryDeps, actor: Actor, proposalId: string): Promise<Proposal> {
  return toProposal((await decide(deps, actor, proposalId, 'dismissed')).proposal);
}

/** A push to repositories of the provider: the configurations scanning them scan again. */
export async function rescanOnPush(deps: StackDiscoveryDeps, organizationId: string, providerId: string, pushes: { repoNames: string[]; branch: string }[]): Promise<string[]> {
  const repoNames = [...new Set(pushes.flatMap((p) => p.repoNames))];
  if (!repoNames.length) return [];
  const configurations = await readOrganization(deps.db, organizationId, (scope) => configurationsOfRepository(scope, providerId, repoNames));
  const started: string[] = [];
  for (const configuration of configurations) {
    // A pattern naming a branch follows that branch only; one without follows every push (it scans the default branch).
    const matches = configuration.vcsPatterns.some(
      (p) => p.providerId === providerId && pushes.some((push) => push.repoNames.some((r) => r.toLowerCase() === p.repoName.toLowerCase()) && (!p.branch || p.branch === push.branch)),
    );
    if (!matches) continue;
    const begun = await beginScan(deps, organizationId, configuration.id, 'push', { initiator: { name: 'stack discovery (push)', type: 'system', userId: null }, userId: configuration.createdBy });
    if (begun) started.push(begun.event.id);
  }
  return started;
}
