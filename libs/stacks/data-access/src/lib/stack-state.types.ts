import type { components } from '@terrace/api-client';
import type { Page } from '@terrace/session';

type Schemas = components['schemas'];

/** The contract's shapes of a stack's state and outputs, never re-typed. */
export type StackStateVersion = Schemas['StackStateVersion'];
export type StackStateVersionContent = Schemas['StackStateVersionContent'];
export type StackStateLock = Schemas['StackStateLock'];
export type StackStateUnit = Schemas['StackStateUnit'];
export type StateVersionStatus = Schemas['StateVersionStatus'];
export type StackOutput = Schemas['StackOutput'];
export type StackStateVersionPage = Page<StackStateVersion>;
export type StackResource = Schemas['StackResource'];
export type StackResourcePage = Page<StackResource>;

export const stateVersionStatuses = ['current', 'superseded', 'quarantined'] as const satisfies readonly StateVersionStatus[];
export const stateVersionPageSizes = [10, 20, 50, 100] as const;
export type StateVersionPageSize = (typeof stateVersionPageSizes)[number];

/** The version list's paging and filter, as the URL (and the query key) hold them. */
export interface StateVersionFilters {
  page: number;
  pageSize: StateVersionPageSize;
  status?: StateVersionStatus;
  /** A terragrunt unit's state (its directory relative to the stack's); absent: the stack's own state. */
  unit?: string;
}

export const stackResourcePageSizes = [10, 20, 50, 100] as const;
export type StackResourcePageSize = (typeof stackResourcePageSizes)[number];

/** The resource list's paging; `extendedOutput` adds each instance's attributes (read from the state, audited). */
export interface StackResourceFilters {
  page: number;
  pageSize: StackResourcePageSize;
  extendedOutput?: boolean;
}
