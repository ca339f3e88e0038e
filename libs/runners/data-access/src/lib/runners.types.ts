import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type RunnerGroup = Schemas['RunnerGroup'];
export type RunnerGroupInput = Schemas['RunnerGroupInput'];
export type RunnerGroupUpdate = Schemas['RunnerGroupUpdate'];
export type Runner = Schemas['Runner'];
export type RunnerHealth = Schemas['RunnerHealth'];
export type PageSize = Schemas['PageSize'];
export type RunnerGroupToken = Schemas['RunnerGroupToken'];
export type CreatedRunnerGroupToken = Schemas['CreatedRunnerGroupToken'];

/** A page of a paged list, as the lists of this domain ask for it. */
export interface PageFilters {
  page: number;
  pageSize: PageSize;
}
