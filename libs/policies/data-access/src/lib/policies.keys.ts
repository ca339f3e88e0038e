import type { ControlPolicyListFilters, ControlPolicyPageFilters, PolicySubject, PolicyViolationFilters } from './policies.types';

/** Query keys of the Policies domain: components never build keys themselves. */
export const policiesKeys = {
  all: ['policies'] as const,
  lists: () => [...policiesKeys.all, 'list'] as const,
  list: (filters: ControlPolicyListFilters) => [...policiesKeys.lists(), filters] as const,
  page: (filters: ControlPolicyPageFilters) => [...policiesKeys.lists(), 'page', filters] as const,
  details: () => [...policiesKeys.all, 'detail'] as const,
  detail: (id: string) => [...policiesKeys.details(), id] as const,
  groups: () => [...policiesKeys.all, 'groups'] as const,
  groupList: (includeManaged: boolean) => [...policiesKeys.groups(), 'list', { includeManaged }] as const,
  group: (id: string) => [...policiesKeys.groups(), 'detail', id] as const,
  mappings: () => [...policiesKeys.all, 'mappings'] as const,
  mappingsOf: (subject: PolicySubject) => [...policiesKeys.mappings(), subject.kind, subject.id] as const,
  violations: () => [...policiesKeys.all, 'violations'] as const,
  violationList: (filters: PolicyViolationFilters) => [...policiesKeys.violations(), filters] as const,
  targetOptions: (targetType: string, search: string) => [...policiesKeys.all, 'targets', targetType, search] as const,
  vcsProviders: () => [...policiesKeys.all, 'vcsProviders'] as const,
  opaResult: (controlPolicyId: string, runId: string) => [...policiesKeys.all, 'opaResult', controlPolicyId, runId] as const,
};
