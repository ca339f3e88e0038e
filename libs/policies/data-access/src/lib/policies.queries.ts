import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { policiesKeys } from './policies.keys';
import { policiesRequests } from './policies.requests';
import type { ControlPolicyListFilters, ControlPolicyPageFilters, PolicySubject, PolicyTargetType, PolicyViolationFilters } from './policies.types';

// Policies and groups change through these pages (whose mutations invalidate them) and rarely elsewhere.
const definitionStaleTime = 60_000;
// Violations arrive with every run anywhere in the organization.
const violationStaleTime = 15_000;
// A run's OPA evaluation is written once and never changes.
const opaResultStaleTime = Infinity;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const policiesQueries = {
  list: (client: ApiClient, filters: ControlPolicyListFilters) =>
    queryOptions({
      queryKey: policiesKeys.list(filters),
      queryFn: ({ signal }) => policiesRequests.list(client, filters, signal),
      staleTime: definitionStaleTime,
      placeholderData: keepPreviousData,
    }),
  /** A page of the list (the policies page): paged, filtered and ordered by the server. */
  page: (client: ApiClient, filters: ControlPolicyPageFilters) =>
    queryOptions({
      queryKey: policiesKeys.page(filters),
      queryFn: ({ signal }) => policiesRequests.page(client, filters, signal),
      staleTime: definitionStaleTime,
      placeholderData: keepPreviousData,
    }),
  detail: (client: ApiClient, controlPolicyId: string) =>
    queryOptions({
      queryKey: policiesKeys.detail(controlPolicyId),
      queryFn: ({ signal }) => policiesRequests.get(client, controlPolicyId, signal),
      staleTime: definitionStaleTime,
    }),
  groups: (client: ApiClient, includeManaged = true) =>
    queryOptions({
      queryKey: policiesKeys.groupList(includeManaged),
      queryFn: ({ signal }) => policiesRequests.groups(client, includeManaged, signal),
      staleTime: definitionStaleTime,
    }),
  group: (client: ApiClient, controlPolicyGroupId: string) =>
    queryOptions({
      queryKey: policiesKeys.group(controlPolicyGroupId),
      queryFn: ({ signal }) => policiesRequests.group(client, controlPolicyGroupId, signal),
      staleTime: definitionStaleTime,
    }),
  mappings: (client: ApiClient, subject: PolicySubject) =>
    queryOptions({
      queryKey: policiesKeys.mappingsOf(subject),
      queryFn: ({ signal }) => policiesRequests.mappings(client, subject, signal),
      staleTime: definitionStaleTime,
    }),
  violations: (client: ApiClient, filters: PolicyViolationFilters) =>
    queryOptions({
      queryKey: policiesKeys.violationList(filters),
      queryFn: ({ signal }) => policiesRequests.violations(client, filters, signal),
      staleTime: violationStaleTime,
      placeholderData: keepPreviousData,
    }),
  targetOptions: (client: ApiClient, targetType: PolicyTargetType, search: string) =>
    queryOptions({
      queryKey: policiesKeys.targetOptions(targetType, search),
      queryFn: ({ signal }) => policiesRequests.targetOptions(client, targetType, search, signal),
      // A picker's choices: fresh enough for a dialog's lifetime.
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  vcsProviders: (client: ApiClient) =>
    queryOptions({
      queryKey: policiesKeys.vcsProviders(),
      queryFn: ({ signal }) => policiesRequests.vcsProviders(client, signal),
      staleTime: 60_000,
    }),
  opaResult: (client: ApiClient, controlPolicyId: string, runId: string) =>
    queryOptions({
      queryKey: policiesKeys.opaResult(controlPolicyId, runId),
      queryFn: ({ signal }) => policiesRequests.opaResult(client, controlPolicyId, runId, signal),
      staleTime: opaResultStaleTime,
    }),
};
