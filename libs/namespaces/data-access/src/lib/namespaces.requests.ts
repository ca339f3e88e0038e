import type { ApiClient, components } from '@terrace/api-client';
import { firstItem, toPage } from '@terrace/session';
import type {
  Namespace,
  NamespaceCreateInput,
  NamespaceListFilters,
  NamespacePage,
  NamespacePermission,
  NamespacePermissionInput,
  NamespaceUpdateInput,
} from './namespaces.types';

/**
 * The calls of the namespaces domain: plain functions on the one configured client, so each has
 * its token, time-out and error toasts. Reads take the query's abort `signal`.
 */
export const namespacesRequests = {
  async list(client: ApiClient, { page, pageSize, name }: NamespaceListFilters, signal?: AbortSignal): Promise<NamespacePage> {
    const { data } = await client.GET('/namespace', {
      params: { query: { page, pageSize, ...(name ? { namespaceName: name } : {}) } },
      signal,
    });
    return toPage(data);
  },
  async get(client: ApiClient, namespaceId: string, signal?: AbortSignal): Promise<Namespace> {
    const { data } = await client.GET('/namespace/{namespaceId}', { params: { path: { namespaceId } }, signal });
    return firstItem(data);
  },
  async create(client: ApiClient, input: NamespaceCreateInput): Promise<Namespace> {
    const { data } = await client.POST('/namespace', { body: { entity: input } });
    return firstItem(data);
  },
  async update(client: ApiClient, namespaceId: string, input: NamespaceUpdateInput): Promise<Namespace> {
    const { data } = await client.PUT('/namespace/{namespaceId}', { params: { path: { namespaceId } }, body: { entity: input } });
    return firstItem(data);
  },
  async remove(client: ApiClient, namespaceId: string): Promise<void> {
    await client.DELETE('/namespace/{namespaceId}', { params: { path: { namespaceId } } });
  },
  async permissions(client: ApiClient, namespaceId: string, signal?: AbortSignal): Promise<NamespacePermission[]> {
    const { data } = await client.GET('/iam/org/namespacePermission', { params: { query: { namespaceId } }, signal });
    return data?.response.items ?? [];
  },
  async grantPermission(client: ApiClient, permission: NamespacePermissionInput): Promise<NamespacePermission> {
    const { data } = await client.POST('/iam/org/namespacePermission', { body: { entity: permission } });
    return firstItem(data);
  },
  async revokePermission(client: ApiClient, permission: NamespacePermission): Promise<void> {
    // Association resources have no id: DELETE carries the tuple (api-evidence).
    await client.DELETE('/iam/org/namespacePermission', { body: { entity: permissionKey(permission) } });
  },
};

/** The key of a permission as the contract's DELETE takes it: the tuple, without the role. */
function permissionKey(permission: NamespacePermission): components['schemas']['NamespacePermissionKey'] {
  return {
    namespaceId: permission.namespaceId,
    ...(permission.stackId ? { stackId: permission.stackId } : {}),
    ...(permission.userEmail ? { userEmail: permission.userEmail } : {}),
    ...(permission.programmaticUserName ? { programmaticUserName: permission.programmaticUserName } : {}),
    ...(permission.teamId ? { teamId: permission.teamId } : {}),
  };
}
