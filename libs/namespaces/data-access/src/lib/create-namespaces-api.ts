import type { ApiClient, components } from '@terrace/api-client';
import { firstItem } from '@terrace/organization/data-access';
import type { NamespacesApi } from './namespaces-api';
import type { NamespacePermission } from './namespaces.types';

type NamespacePermissionKey = components['schemas']['NamespacePermissionKey'];

/** The namespaces port on the shared client, so every call has its token, time-out and error toasts. */
export function createNamespacesApi(client: ApiClient): NamespacesApi {
  return {
    async list({ page, pageSize, name }) {
      const { data } = await client.GET('/namespace', {
        params: { query: { page, pageSize, ...(name ? { namespaceName: name } : {}) } },
      });
      const items = data?.response.items ?? [];
      return { items, total: data?.response.paging?.total ?? items.length };
    },
    async get(namespaceId) {
      const { data } = await client.GET('/namespace/{namespaceId}', { params: { path: { namespaceId } } });
      return firstItem(data);
    },
    async create(input) {
      const { data } = await client.POST('/namespace', { body: { entity: input } });
      return firstItem(data);
    },
    async update(namespaceId, input) {
      const { data } = await client.PUT('/namespace/{namespaceId}', {
        params: { path: { namespaceId } },
        body: { entity: input },
      });
      return firstItem(data);
    },
    async remove(namespaceId) {
      await client.DELETE('/namespace/{namespaceId}', { params: { path: { namespaceId } } });
    },
    async permissions(namespaceId) {
      const { data } = await client.GET('/iam/org/namespacePermission', { params: { query: { namespaceId } } });
      return data?.response.items ?? [];
    },
    async grantPermission(permission) {
      const { data } = await client.POST('/iam/org/namespacePermission', { body: { entity: permission } });
      return firstItem(data);
    },
    async revokePermission(permission) {
      // Association resources have no id: DELETE carries the tuple (api-evidence).
      await client.DELETE('/iam/org/namespacePermission', { body: { entity: permissionKey(permission) } });
    },
  };
}

/** The key of a permission as the contract's DELETE takes it: the tuple, without the role. */
function permissionKey(permission: NamespacePermission): NamespacePermissionKey {
  return {
    namespaceId: permission.namespaceId,
    ...(permission.stackId ? { stackId: permission.stackId } : {}),
    ...(permission.userEmail ? { userEmail: permission.userEmail } : {}),
    ...(permission.programmaticUserName ? { programmaticUserName: permission.programmaticUserName } : {}),
    ...(permission.teamId ? { teamId: permission.teamId } : {}),
  };
}
