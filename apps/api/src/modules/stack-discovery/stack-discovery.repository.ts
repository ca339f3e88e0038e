import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { anyOf, equals, namedList, pagedList, type NamedFilter, type Page, type PageRequest } from '../../db/paged-list';
import type { NewRow, RowChanges, Scope } from '../../db/scope';
import { stackDiscoveryConfigurations, stackDiscoveryEvents, stackDiscoveryProposals, type StackDiscoveryProposalStatus } from './stack-discovery.schema';

export type DiscoveryConfigurationRow = typeof stackDiscoveryConfigurations.$inferSelect;
export type NewDiscoveryConfigurationRow = NewRow<typeof stackDiscoveryConfigurations>;
export type DiscoveryConfigurationChanges = RowChanges<typeof stackDiscoveryConfigurations>;
export type DiscoveryEventRow = typeof stackDiscoveryEvents.$inferSelect;
export type NewDiscoveryEventRow = NewRow<typeof stackDiscoveryEvents>;
export type ProposalRow = typeof stackDiscoveryProposals.$inferSelect;
export type NewProposalRow = NewRow<typeof stackDiscoveryProposals>;

export interface ConfigurationFilter extends NamedFilter {
  namespaceId: string;
}

const configurationList = namedList<typeof stackDiscoveryConfigurations, ConfigurationFilter>('stack_discovery_configurations', stackDiscoveryConfigurations, {
  namespaceId: equals(stackDiscoveryConfigurations.namespaceId),
});

export const listConfigurations = (scope: Scope, filter: Partial<ConfigurationFilter>, request: PageRequest): Promise<Page<DiscoveryConfigurationRow>> =>
  scope.page(configurationList, filter, request);

export const findConfiguration = (scope: Scope, id: string) => scope.first(stackDiscoveryConfigurations, eq(stackDiscoveryConfigurations.id, id));
export const lockConfiguration = (scope: Scope, id: string) => scope.lockFirst(stackDiscoveryConfigurations, eq(stackDiscoveryConfigurations.id, id), 'update');
export const insertConfiguration = (scope: Scope, row: NewDiscoveryConfigurationRow) => scope.insert(stackDiscoveryConfigurations, row);

export async function updateConfiguration(scope: Scope, id: string, changes: DiscoveryConfigurationChanges) {
  const [row] = await scope.update(stackDiscoveryConfigurations, changes, eq(stackDiscoveryConfigurations.id, id));
  return row;
}

export async function deleteConfiguration(scope: Scope, id: string) {
  const [row] = await scope.delete(stackDiscoveryConfigurations, eq(stackDiscoveryConfigurations.id, id));
  return row;
}

/** The configurations scanning a repository of the provider (a push re-scans them). */
export function configurationsOfRepository(scope: Scope, providerId: string, repoNames: string[]) {
  return scope.select(
    stackDiscoveryConfigurations,
    sql`exists (select 1 from jsonb_array_elements(${stackDiscoveryConfigurations.vcsPatterns}) p
      where p ->> 'providerId' = ${providerId} and lower(p ->> 'repoName') = any(${sql.param(repoNames.map((n) => n.toLowerCase()))}::text[]))`,
  );
}

export const insertEvent = (scope: Scope, row: NewDiscoveryEventRow) => scope.insert(stackDiscoveryEvents, row);

export async function updateEvent(scope: Scope, id: string, changes: Partial<Omit<NewDiscoveryEventRow, 'id' | 'configurationId'>>) {
  const [row] = await scope.update(stackDiscoveryEvents, changes, eq(stackDiscoveryEvents.id, id));
  return row;
}

/** A scan of the configuration not ended yet. */
export const findActiveEvent = (scope: Scope, configurationId: string) =>
  scope.first(stackDiscoveryEvents, and(eq(stackDiscoveryEvents.configurationId, configurationId), inArray(stackDiscoveryEvents.status, ['init', 'inProgress'])) as SQL);

export interface EventFilter {
  configurationIds: string[];
  since: Date;
}

const eventList = pagedList<typeof stackDiscoveryEvents, EventFilter>({
  name: 'stack_discovery_events',
  table: stackDiscoveryEvents,
  orderBy: [desc(stackDiscoveryEvents.createdAt), desc(stackDiscoveryEvents.id)],
  filters: {
    configurationIds: anyOf(stackDiscoveryEvents.configurationId),
    since: (v) => gte(stackDiscoveryEvents.createdAt, v),
  },
});

export const listEvents = (scope: Scope, filter: Partial<EventFilter>, request: PageRequest): Promise<Page<DiscoveryEventRow>> => scope.page(eventList, filter, request);

/** An event, locked: the scan that claims it moves it from init to inProgress once. */
export const lockEvent = (scope: Scope, id: string) => scope.lockFirst(stackDiscoveryEvents, eq(stackDiscoveryEvents.id, id), 'update');

/**
 * Across organizations (the job queue's sweep): scans waiting since before `initBefore` (their
 * queued job lost), and scans running since before `runningBefore` (their server stopped).
 */
export function unfinishedScans(db: Database, initBefore: Date, runningBefore: Date, limit: number, organizationId?: string) {
  return db
    .select({ id: stackDiscoveryEvents.id, organizationId: stackDiscoveryEvents.organizationId, status: stackDiscoveryEvents.status, configurationId: stackDiscoveryEvents.configurationId })
    .from(stackDiscoveryEvents)
    .where(
      sql`((${stackDiscoveryEvents.status} = 'init' and ${stackDiscoveryEvents.createdAt} < ${initBefore}) or (${stackDiscoveryEvents.status} = 'inProgress' and coalesce(${stackDiscoveryEvents.startedAt}, ${stackDiscoveryEvents.createdAt}) < ${runningBefore}))
        ${organizationId ? sql`and ${stackDiscoveryEvents.organizationId} = ${organizationId}` : sql``}`,
    )
    .orderBy(asc(stackDiscoveryEvents.createdAt))
    .limit(limit);
}

// Proposals (propose mode)

export interface ProposalFilter {
  configurationIds: string[];
  status: StackDiscoveryProposalStatus;
}

const proposalList = pagedList<typeof stackDiscoveryProposals, ProposalFilter>({
  name: 'stack_discovery_proposals',
  table: stackDiscoveryProposals,
  orderBy: [asc(stackDiscoveryProposals.repoName), asc(stackDiscoveryProposals.path), asc(stackDiscoveryProposals.id)],
  filters: {
    configurationIds: anyOf(stackDiscoveryProposals.configurationId),
    status: (v) => eq(stackDiscoveryProposals.status, v),
  },
});

export const listProposals = (scope: Scope, filter: Partial<ProposalFilter>, request: PageRequest): Promise<Page<ProposalRow>> => scope.page(proposalList, filter, request);

/** The directories of the configuration already proposed (whatever became of them): not proposed again. */
export const proposalsOf = (scope: Scope, configurationId: string) => scope.select(stackDiscoveryProposals, eq(stackDiscoveryProposals.configurationId, configurationId));

export const insertProposal = (scope: Scope, row: NewProposalRow) => scope.insert(stackDiscoveryProposals, row);
export const lockProposal = (scope: Scope, id: string) => scope.lockFirst(stackDiscoveryProposals, eq(stackDiscoveryProposals.id, id), 'update');

export async function updateProposal(scope: Scope, id: string, changes: Partial<Pick<NewProposalRow, 'status' | 'stackId' | 'decidedAt'>>) {
  const [row] = await scope.update(stackDiscoveryProposals, changes, eq(stackDiscoveryProposals.id, id));
  return row;
}
