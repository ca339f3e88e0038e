import { and, asc, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { equals, namedList, pagedList, type NamedFilter, type Page, type PageRequest } from '../../db/paged-list';
import type { NewRow, RowChanges, Scope } from '../../db/scope';
import { blueprintNamespaceMappings, blueprints, ephemeralStackEvents, templateNamespaceMappings, templateStacks, templates } from './templates.schema';

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplateRow = NewRow<typeof templates>;
export type TemplateChanges = RowChanges<typeof templates>;
export type BlueprintRow = typeof blueprints.$inferSelect;
export type NewBlueprintRow = NewRow<typeof blueprints>;
export type BlueprintChanges = RowChanges<typeof blueprints>;
export type TemplateStackRow = typeof templateStacks.$inferSelect;
export type NewTemplateStackRow = NewRow<typeof templateStacks>;
export type EventRow = typeof ephemeralStackEvents.$inferSelect;
export type NewEventRow = NewRow<typeof ephemeralStackEvents>;

export interface CatalogueFilter extends NamedFilter {
  /** Only those mapped to this namespace. */
  namespaceId: string;
}

// By name (unique in the organization, on templates_org_name_key / blueprints_org_name_key).
const templateList = namedList<typeof templates, CatalogueFilter>('templates', templates, {
  namespaceId: (v) =>
    sql`exists (select 1 from ${templateNamespaceMappings} m where m.organization_id = ${templates.organizationId} and m.template_id = ${templates.id} and m.namespace_id = ${v})`,
});

const blueprintList = namedList<typeof blueprints, CatalogueFilter>('blueprints', blueprints, {
  namespaceId: (v) =>
    sql`exists (select 1 from ${blueprintNamespaceMappings} m where m.organization_id = ${blueprints.organizationId} and m.blueprint_id = ${blueprints.id} and m.namespace_id = ${v})`,
});

export interface EventFilter {
  templateId: string;
  blueprintId: string;
  stackId: string;
  /** Only events at or after this time (ISO). */
  since: string;
  /** Template events (true) or blueprint events (false). */
  ofTemplates: boolean;
}

const eventList = pagedList<typeof ephemeralStackEvents, EventFilter>({
  name: 'ephemeral_stack_events',
  table: ephemeralStackEvents,
  orderBy: [desc(ephemeralStackEvents.createdAt), desc(ephemeralStackEvents.id)],
  filters: {
    templateId: equals(ephemeralStackEvents.templateId),
    blueprintId: equals(ephemeralStackEvents.blueprintId),
    stackId: equals(ephemeralStackEvents.stackId),
    since: (v) => sql`${ephemeralStackEvents.createdAt} >= ${v}::timestamptz`,
    ofTemplates: (v) =>
      sql`(case when ${v}::boolean then ${ephemeralStackEvents.blueprintId} is null else ${ephemeralStackEvents.blueprintId} is not null end)`,
  },
});

// Templates

export const listTemplateRows = (scope: Scope, filter: Partial<CatalogueFilter>, request: PageRequest): Promise<Page<TemplateRow>> =>
  scope.page(templateList, filter, request);
export const findTemplate = (scope: Scope, id: string) => scope.first(templates, eq(templates.id, id));
export const lockTemplate = (scope: Scope, id: string) => scope.lockFirst(templates, eq(templates.id, id), 'update');
export const findTemplateByName = (scope: Scope, name: string) => scope.first(templates, eq(templates.name, name));
export const insertTemplate = (scope: Scope, row: NewTemplateRow) => scope.insert(templates, row);
export async function updateTemplateRow(scope: Scope, id: string, changes: TemplateChanges): Promise<TemplateRow | undefined> {
  const [row] = await scope.update(templates, changes, eq(templates.id, id));
  return row;
}
export async function deleteTemplateRow(scope: Scope, id: string): Promise<TemplateRow | undefined> {
  const [row] = await scope.delete(templates, eq(templates.id, id));
  return row;
}

export const listTemplateMappings = (scope: Scope, filter: { templateId?: string | undefined; namespaceId?: string | undefined }) =>
  scope.select(
    templateNamespaceMappings,
    and(
      filter.templateId ? eq(templateNamespaceMappings.templateId, filter.templateId) : undefined,
      filter.namespaceId ? eq(templateNamespaceMappings.namespaceId, filter.namespaceId) : undefined,
    ),
    { orderBy: [asc(templateNamespaceMappings.templateId), asc(templateNamespaceMappings.namespaceId)], limit: 5000 },
  );
export const insertTemplateMapping = (scope: Scope, templateId: string, namespaceId: string) =>
  scope.insertIfAbsent(templateNamespaceMappings, { templateId, namespaceId });
export const deleteTemplateMapping = (scope: Scope, templateId: string, namespaceId: string) =>
  scope.delete(templateNamespaceMappings, and(eq(templateNamespaceMappings.templateId, templateId), eq(templateNamespaceMappings.namespaceId, namespaceId)) as never);

// Blueprints

export const listBlueprintRows = (scope: Scope, filter: Partial<CatalogueFilter>, request: PageRequest): Promise<Page<BlueprintRow>> =>
  scope.page(blueprintList, filter, request);
export const findBlueprint = (scope: Scope, id: string) => scope.first(blueprints, eq(blueprints.id, id));
export const lockBlueprint = (scope: Scope, id: string) => scope.lockFirst(blueprints, eq(blueprints.id, id), 'update');
export const findBlueprintByName = (scope: Scope, name: string) => scope.first(blueprints, eq(blueprints.name, name));
export const insertBlueprint = (scope: Scope, row: NewBlueprintRow) => scope.insert(blueprints, row);
export async function updateBlueprintRow(scope: Scope, id: string, changes: BlueprintChanges): Promise<BlueprintRow | undefined> {
  const [row] = await scope.update(blueprints, changes, eq(blueprints.id, id));
  return row;
}
export async function deleteBlueprintRow(scope: Scope, id: string): Promise<BlueprintRow | undefined> {
  const [row] = await scope.delete(blueprints, eq(blueprints.id, id));
  return row;
}

export const listBlueprintMappings = (scope: Scope, filter: { blueprintId?: string | undefined; namespaceId?: string | undefined }) =>
  scope.select(
    blueprintNamespaceMappings,
    and(
      filter.blueprintId ? eq(blueprintNamespaceMappings.blueprintId, filter.blueprintId) : undefined,
      filter.namespaceId ? eq(blueprintNamespaceMappings.namespaceId, filter.namespaceId) : undefined,
    ),
    { orderBy: [asc(blueprintNamespaceMappings.blueprintId), asc(blueprintNamespaceMappings.namespaceId)], limit: 5000 },
  );
export const insertBlueprintMapping = (scope: Scope, blueprintId: string, namespaceId: string) =>
  scope.insertIfAbsent(blueprintNamespaceMappings, { blueprintId, namespaceId });
export const deleteBlueprintMapping = (scope: Scope, blueprintId: string, namespaceId: string) =>
  scope.delete(blueprintNamespaceMappings, and(eq(blueprintNamespaceMappings.blueprintId, blueprintId), eq(blueprintNamespaceMappings.namespaceId, namespaceId)) as never);

// Stacks made from them, and their events

export const insertTemplateStack = (scope: Scope, row: NewTemplateStackRow) => scope.insert(templateStacks, row);
export const findTemplateStack = (scope: Scope, stackId: string) => scope.first(templateStacks, eq(templateStacks.stackId, stackId));
export const lockTemplateStack = (scope: Scope, stackId: string) => scope.lockFirst(templateStacks, eq(templateStacks.stackId, stackId), 'update');
export async function updateTemplateStack(scope: Scope, stackId: string, changes: Partial<NewTemplateStackRow>): Promise<TemplateStackRow | undefined> {
  const [row] = await scope.update(templateStacks, changes, eq(templateStacks.stackId, stackId));
  return row;
}
export const countLiveStacksOf = (scope: Scope, column: 'templateId' | 'blueprintId', id: string) =>
  scope.count(templateStacks, and(eq(templateStacks[column], id), sql`${templateStacks.deletedAt} is null`) as never);
/** The blueprint stack waiting on this pull request of this provider and repository. */
export const findStackOfPullRequest = (scope: Scope, providerId: string, repoName: string, number: number) =>
  scope.first(
    templateStacks,
    and(eq(templateStacks.providerId, providerId), eq(templateStacks.pullRequestNumber, number), sql`lower(${templateStacks.repoName}) = lower(${repoName})`) as never,
  );

/** Across organizations: stacks whose first run or time-to-live destroy has not been reported yet. */
export function pendingTemplateStacks(db: Database, limit: number): Promise<TemplateStackRow[]> {
  return db
    .select()
    .from(templateStacks)
    .where(
      or(
        and(isNotNull(templateStacks.deployRunId), eq(templateStacks.deployReported, false)),
        and(isNotNull(templateStacks.destroyRunId), eq(templateStacks.destroyReported, false)),
      ),
    )
    .orderBy(asc(templateStacks.updatedAt))
    .limit(limit);
}

export const insertEvent = (scope: Scope, row: NewEventRow) => scope.insert(ephemeralStackEvents, row);
export const listEventRows = (scope: Scope, filter: Partial<EventFilter>, request: PageRequest): Promise<Page<EventRow>> => scope.page(eventList, filter, request);
export const eventsSince = (scope: Scope, since: Date) => scope.select(ephemeralStackEvents, gte(ephemeralStackEvents.createdAt, since));
