import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type StackDiscoveryConfiguration = Schemas['StackDiscoveryConfiguration'];
export type StackDiscoveryConfigurationInput = Schemas['StackDiscoveryConfigurationInput'];
export type StackDiscoveryConfigurationUpdate = Schemas['StackDiscoveryConfigurationUpdate'];
export type StackDiscoveryEvent = Schemas['StackDiscoveryEvent'];
export type StackDiscoveryStatus = Schemas['StackDiscoveryStatus'];
export type VcsPathPattern = Schemas['VcsPathPattern'];
export type DiscoveryPageSize = Schemas['PageSize'];
export type StackDiscoveryMode = Schemas['StackDiscoveryMode'];
export type StackDiscoveryProposal = Schemas['StackDiscoveryProposal'];
export type StackDiscoveryProposalStatus = Schemas['StackDiscoveryProposalStatus'];

export interface DiscoveryListFilters {
  /** Filtered on the server. */
  namespaceId?: string;
  /** Part of the name, case-insensitive, filtered on the server. */
  search?: string;
  /** 1-based page and its size, paged on the server. */
  page?: number;
  pageSize?: DiscoveryPageSize;
}

export interface ProposalFilters {
  status?: StackDiscoveryProposalStatus;
  page: number;
  pageSize: DiscoveryPageSize;
}

export interface DiscoveryEventFilters {
  daysBack: number;
  page: number;
  pageSize: DiscoveryPageSize;
}

/** While a scan may still change, the page polls. */
export const activeDiscoveryStatuses: readonly StackDiscoveryStatus[] = ['init', 'inProgress'];
