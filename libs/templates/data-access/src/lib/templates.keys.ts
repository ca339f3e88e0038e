import type { DependencyGraphScope, EventFilters, TemplateKind, TemplateListFilters } from './templates.types';

/** Query keys of the templates domain (templates, blueprints, stack dependencies): components never build keys themselves. */
export const templatesKeys = {
  all: ['templates'] as const,
  kind: (kind: TemplateKind) => [...templatesKeys.all, kind] as const,
  lists: (kind: TemplateKind) => [...templatesKeys.kind(kind), 'list'] as const,
  list: (kind: TemplateKind, filters: TemplateListFilters) => [...templatesKeys.lists(kind), filters] as const,
  detail: (kind: TemplateKind, id: string) => [...templatesKeys.kind(kind), 'detail', id] as const,
  mappings: (kind: TemplateKind, id: string) => [...templatesKeys.detail(kind, id), 'mappings'] as const,
  events: (kind: TemplateKind, id: string, filters: EventFilters) => [...templatesKeys.detail(kind, id), 'events', filters] as const,
  /** The init status of a stack made from a blueprint (polled while its pull request is open). */
  blueprintInit: (stackId: string) => [...templatesKeys.all, 'blueprintInit', stackId] as const,
  dependencies: () => [...templatesKeys.all, 'dependencies'] as const,
  stackDependencies: (stackId: string) => [...templatesKeys.dependencies(), 'stack', stackId] as const,
  stackDependents: (stackId: string) => [...templatesKeys.dependencies(), 'dependents', stackId] as const,
  graph: (scope: DependencyGraphScope) => [...templatesKeys.dependencies(), 'graph', scope] as const,
};
