import type { components, paths } from '@terrace/api-client';
import type { Page } from '@terrace/session';

type Schemas = components['schemas'];

/** The contract's shapes, never re-typed. */
export type Stack = Schemas['Stack'];
export type StackInput = Schemas['StackInput'];
export type StackUpdate = Schemas['StackUpdate'];
export type StackData = Schemas['StackData'];
export type StackType = Schemas['StackType'];
export type StackErrorState = Schemas['StackErrorState'];
export type IacType = Schemas['IacType'];
export type Ttl = Schemas['Ttl'];
export type StackPage = Page<Stack>;
export type AuditEvent = Schemas['AuditEvent'];

/** The list query the contract takes (paging and filters). */
type ListQuery = NonNullable<paths['/stack']['get']['parameters']['query']>;
export const stackPageSizes = [10, 20, 50, 100] as const;
export type StackPageSize = (typeof stackPageSizes)[number];

/** The list's filters as the URL holds them (and the key holds them). */
export interface StackListFilters {
  page: number;
  pageSize: StackPageSize;
  /** Part of the name, in any case (the search box). */
  name?: string;
  namespaceId?: string;
  iacType?: IacType;
  driftState?: ListQuery['driftState'];
  sortBy?: ListQuery['sortBy'];
  sortOrder?: ListQuery['sortOrder'];
}

export const iacTypes = ['terraform', 'terragrunt', 'opentofu'] as const satisfies readonly IacType[];
