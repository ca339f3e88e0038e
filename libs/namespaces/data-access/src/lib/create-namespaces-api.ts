import type { ApiClient } from '@terrace/api-client';
import { designedClient, firstItem } from '@terrace/organization/data-access';
import type { NamespacesApi } from './namespaces-api';
import type { NamespacesDesignedPaths } from './namespaces.designed-paths';

/** The namespaces port on the shared client, so every call has its token, time-out and error toasts. */
export function createNamespacesApi(client: ApiClient): NamespacesApi {
  const designed = designedClient<NamespacesDesignedPaths>(client);
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
      const { data } = await designed.GET('/iam/org/namespacePermission', { params: { query: { namespaceId } } });
      return data?.response.items ?? [];
    },
    async grantPermission(permission) {
      const { data } = await designed.POST('/iam/org/namespacePermission', { body: { entity: permission } });
      return firstItem(data);
    },
    async revokePermission(permission) {
      // Association resources have no id: DELETE carries the tuple (api-evidence).
      await designed.DELETE('/iam/org/namespacePermission', { body: { entity: permission } });
    },
  };
}
