import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type StackDiscoveryConfiguration = Schemas['StackDiscoveryConfiguration'];
export type StackDiscoveryConfigurationInput = Schemas['StackDiscoveryConfigurationInput'];
export type StackDiscoveryConfigurationUpdate = Schemas['StackDiscoveryConfigurationUpdate'];
export type StackDiscoveryEvent = Schemas['StackDiscoveryEvent'];
export type StackDiscoveryStatus = Schemas['StackDiscoveryStatus'];
export type VcsPathPattern = Schemas['VcsPathPattern'];
export type DiscoveryPageSize = Schemas['PageSize'];

export interface DiscoveryListFilters {
  /** Filtered on the server. */
  namespaceId?: string;
}

export interface DiscoveryEventFilters {
  daysBack: number;
  page: number;
  pageSize: DiscoveryPageSize;
}

/** While a scan may still change, the page polls. */
export const activeDiscoveryStatuses: readonly StackDiscoveryStatus[] = ['init', 'inProgress'];
