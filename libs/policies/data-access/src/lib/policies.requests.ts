import type { ApiClient } from '@terrace/api-client';
import { firstItem, toPage } from '@terrace/session';
import type {
  ControlPolicy,
  ControlPolicyGroup,
  ControlPolicyGroupInput,
  ControlPolicyGroupMapping,
  ControlPolicyGroupUpdate,
  ControlPolicyInput,
  ControlPolicyListFilters,
  ControlPolicyMapping,
  ControlPolicyPage,
  ControlPolicyPageFilters,
  ControlPolicyUpdate,
  OpaResult,
  PolicyMapping,
  PolicySubject,
  PolicyTargetOption,
  PolicyTargetType,
  PolicyViolationFilters,
  PolicyViolationPage,
} from './policies.types';

/** A list's filters as the server takes them (absent ones left out). */
function listQuery({ type, search, severity, includeManaged, page, pageSize }: ControlPolicyPageFilters) {
  return { ...(type ? { type } : {}), ...(search ? { search } : {}), ...(severity ? { severity } : {}), ...(includeManaged ? { includeManaged } : {}), page, pageSize };
}

/**
 * The calls of the policies domain on the one configured client (token, time-out, error toasts).
 * Reads take the query's abort `signal`.
 */
export const policiesRequests = {
  async page(client: ApiClient, filters: ControlPolicyPageFilters, signal?: AbortSignal): Promise<ControlPolicyPage> {
    const { data } = await client.GET('/controlPolicy', { params: { query: listQuery(filters) }, signal });
    return toPage(data);
  },
  /** Every policy matching the filters, for pickers and for naming results: one page of the largest size. */
  async list(client: ApiClient, filters: ControlPolicyListFilters, signal?: AbortSignal): Promise<ControlPolicy[]> {
    return (await policiesRequests.page(client, { ...filters, page: 1, pageSize: 1000 }, signal)).items;
  },
  async get(client: ApiClient, controlPolicyId: string, signal?: AbortSignal): Promise<ControlPolicy> {
    const { data } = await client.GET('/controlPolicy/{controlPolicyId}', { params: { path: { controlPolicyId } }, signal });
    return firstItem(data);
  },
  async create(client: ApiClient, input: ControlPolicyInput): Promise<ControlPolicy> {
    const { data } = await client.POST('/controlPolicy', { body: { entity: input } });
    return firstItem(data);
  },
  async update(client: ApiClient, controlPolicyId: string, input: ControlPolicyUpdate): Promise<ControlPolicy> {
    const { data } = await client.PUT('/controlPolicy/{controlPolicyId}', { params: { path: { controlPolicyId } }, body: { entity: input } });
    return firstItem(data);
  },
  async remove(client: ApiClient, controlPolicyId: string): Promise<void> {
    await client.DELETE('/controlPolicy/{controlPolicyId}', { params: { path: { controlPolicyId } } });
  },

  async groups(client: ApiClient, includeManaged: boolean, signal?: AbortSignal): Promise<ControlPolicyGroup[]> {
    const { data } = await client.GET('/controlPolicyGroup', { params: { query: includeManaged ? { includeManaged } : {} }, signal });
    return data?.response.items ?? [];
  },
  async group(client: ApiClient, controlPolicyGroupId: string, signal?: AbortSignal): Promise<ControlPolicyGroup> {
    const { data } = await client.GET('/controlPolicyGroup/{controlPolicyGroupId}', { params: { path: { controlPolicyGroupId } }, signal });
    return firstItem(data);
  },
  async createGroup(client: ApiClient, input: ControlPolicyGroupInput): Promise<ControlPolicyGroup> {
    const { data } = await client.POST('/controlPolicyGroup', { body: { entity: input } });
    return firstItem(data);
  },
  async updateGroup(client: ApiClient, controlPolicyGroupId: string, input: ControlPolicyGroupUpdate): Promise<ControlPolicyGroup> {
    const { data } = await client.PUT('/controlPolicyGroup/{controlPolicyGroupId}', {
      params: { path: { controlPolicyGroupId } },
      body: { entity: input },
    });
    return firstItem(data);
  },
  async removeGroup(client: ApiClient, controlPolicyGroupId: string): Promise<void> {
    await client.DELETE('/controlPolicyGroup/{controlPolicyGroupId}', { params: { path: { controlPolicyGroupId } } });
  },

  /** Where a policy or a group applies. */
  async mappings(client: ApiClient, subject: PolicySubject, signal?: AbortSignal): Promise<PolicyMapping[]> {
    if (subject.kind === 'policy') {
      const { data } = await client.GET('/controlPolicy/controlPolicyMapping', { params: { query: { controlPolicyId: subject.id } }, signal });
      return data?.response.items ?? [];
    }
    const { data } = await client.GET('/controlPolicyGroup/controlPolicyGroupMapping', {
      params: { query: { controlPolicyGroupId: subject.id } },
      signal,
    });
    return data?.response.items ?? [];
  },
  async createMapping(client: ApiClient, mapping: PolicyMapping): Promise<PolicyMapping> {
    if ('controlPolicyGroupId' in mapping) {
      const { data } = await client.POST('/controlPolicyGroup/controlPolicyGroupMapping', { body: { entity: mapping } });
      return firstItem(data);
    }
    const { data } = await client.POST('/controlPolicy/controlPolicyMapping', { body: { entity: mapping } });
    return firstItem(data);
  },
  async updateMapping(client: ApiClient, mapping: PolicyMapping): Promise<PolicyMapping> {
    if ('controlPolicyGroupId' in mapping) {
      const { data } = await client.PUT('/controlPolicyGroup/controlPolicyGroupMapping', { body: { entity: mapping } });
      return firstItem(data);
    }
    const { data } = await client.PUT('/controlPolicy/controlPolicyMapping', { body: { entity: mapping } });
    return firstItem(data);
  },
  /** Mappings have no id: DELETE carries the tuple that keys them (api-evidence). */
  async removeMapping(client: ApiClient, mapping: PolicyMapping): Promise<void> {
    const { targetId, targetType } = mapping;
    if ('controlPolicyGroupId' in mapping) {
      await client.DELETE('/controlPolicyGroup/controlPolicyGroupMapping', {
        body: { entity: { controlPolicyGroupId: mapping.controlPolicyGroupId, targetId, targetType } },
      });
      return;
    }
    await client.DELETE('/controlPolicy/controlPolicyMapping', { body: { entity: { controlPolicyId: mapping.controlPolicyId, targetId, targetType } } });
  },

  async violations(client: ApiClient, filters: PolicyViolationFilters, signal?: AbortSignal): Promise<PolicyViolationPage> {
    const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
    const { data } = await client.GET('/controlPolicy/violation', { params: { query }, signal });
    return toPage(data);
  },
  /**
   * What a mapping can target, by name (the first 50 matches): the policies domain asks the
   * namespace and stack lists itself, since the domain graph keeps it below those domains.
   */
  async targetOptions(client: ApiClient, targetType: PolicyTargetType, search: string, signal?: AbortSignal): Promise<PolicyTargetOption[]> {
    if (targetType === 'namespace') {
      const { data } = await client.GET('/namespace', { params: { query: { page: 1, pageSize: 50, ...(search ? { namespaceName: search } : {}) } }, signal });
      return (data?.response.items ?? []).map((item) => ({ id: item.id, name: item.name }));
    }
    const { data } = await client.GET('/stack', { params: { query: { page: 1, pageSize: 50, ...(search ? { search } : {}) } }, signal });
    return (data?.response.items ?? []).map((item) => ({ id: item.id, name: item.name }));
  },
  /** The VCS providers an OPA policy can be read from. */
  async vcsProviders(client: ApiClient, signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
    const { data } = await client.GET('/vcs/provider', { signal });
    return (data?.response.items ?? []).map((item) => ({ id: item.id, name: item.name ?? item.id }));
  },
  async opaResult(client: ApiClient, controlPolicyId: string, runId: string, signal?: AbortSignal): Promise<OpaResult> {
    const { data } = await client.GET('/controlpolicy/opaResult', { params: { query: { controlPolicyId, runId } }, signal });
    return firstItem(data);
  },
};

export type { ControlPolicyGroupMapping, ControlPolicyMapping };
