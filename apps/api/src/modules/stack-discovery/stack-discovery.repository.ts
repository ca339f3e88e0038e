import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { stackDiscoveryConfigurations, stackDiscoveryEvents } from './stack-discovery.schema';

export type DiscoveryConfigurationRow = typeof stackDiscoveryConfigurations.$inferSelect;
export type NewDiscoveryConfigurationRow = Omit<typeof stackDiscoveryConfigurations.$inferInsert, 'organizationId'>;
export type DiscoveryConfigurationChanges = Partial<Omit<NewDiscoveryConfigurationRow, 'id' | 'createdAt' | 'createdBy'>>;
export type DiscoveryEventRow = typeof stackDiscoveryEvents.$inferSelect;
export type NewDiscoveryEventRow = Omit<typeof stackDiscoveryEvents.$inferInsert, 'organizationId'>;

export function listConfigurations(scope: Scope, filter: { id?: string | undefined; namespaceId?: string | undefined }) {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(stackDiscoveryConfigurations.id, filter.id));
  if (filter.namespaceId) conditions.push(eq(stackDiscoveryConfigurations.namespaceId, filter.namespaceId));
  return scope.select(stackDiscoveryConfigurations, conditions.length ? (and(...conditions) as SQL) : undefined, {
    orderBy: [asc(stackDiscoveryConfigurations.name), asc(stackDiscoveryConfigurations.id)],
  });
}

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
    configurationIds: (v) => sql`${stackDiscoveryEvents.configurationId} = any(${v})`,
    since: (v) => gte(stackDiscoveryEvents.createdAt, v),
  },
});

export const listEvents = (scope: Scope, filter: Partial<EventFilter>, request: PageRequest): Promise<Page<DiscoveryEventRow>> => scope.page(eventList, filter, request);
