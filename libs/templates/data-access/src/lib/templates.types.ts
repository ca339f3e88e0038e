import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type Template = Schemas['Template'];
export type TemplateInput = Schemas['TemplateInput'];
export type TemplateUpdate = Schemas['TemplateUpdate'];
export type Blueprint = Schemas['Blueprint'];
export type BlueprintInput = Schemas['BlueprintInput'];
export type BlueprintUpdate = Schemas['BlueprintUpdate'];
export type SubstituteParameter = Schemas['SubstituteParameter'];
export type EphemeralStackEvent = Schemas['EphemeralStackEvent'];
export type EphemeralStackEventType = Schemas['EphemeralStackEventType'];
export type StackFromTemplateInput = Schemas['StackFromTemplateInput'];
export type StackFromBlueprintInput = Schemas['StackFromBlueprintInput'];
export type StackInitialization = Schemas['StackInitialization'];
export type StackInitStatus = Schemas['StackInitStatus'];
export type StackDependency = Schemas['StackDependency'];
export type StackDependencyInput = Schemas['StackDependencyInput'];
export type StackDependencyGraph = Schemas['StackDependencyGraph'];
export type DependencyReference = Schemas['DependencyReference'];
export type DependencyTriggerOption = Schemas['DependencyTriggerOption'];
export type CreatedStack = Schemas['Stack'];
export type PageSize = Schemas['PageSize'];

/** Which self-service kind an id names: templates start with tmpl-, blueprints with blp-. */
export type TemplateKind = 'template' | 'blueprint';
export function templateKindOf(id: string): TemplateKind {
  return id.startsWith('blp-') ? 'blueprint' : 'template';
}

export interface TemplateListFilters {
  /** Part of the name, case-insensitive, filtered on the server (`search`). */
  name?: string;
  /** 1-based page and its size, paged on the server; the server's first page when left out. */
  page?: number;
  pageSize?: PageSize;
}

export interface EventFilters {
  daysBack: number;
  page: number;
  pageSize: PageSize;
}

/** The graph around one stack, or every dependency of a namespace. */
export type DependencyGraphScope = { stackId: string } | { namespaceId: string };

/** Init statuses after which nothing changes any more without the user (polling stops). */
export const finalInitStatuses: readonly StackInitStatus[] = ['succeeded', 'failed'];
