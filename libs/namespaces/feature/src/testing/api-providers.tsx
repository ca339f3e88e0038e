import { NamespacesApiContext, createNamespacesApi } from '@terrace/namespaces/data-access';
import { OrganizationApiContext, createOrganizationApi } from '@terrace/organization/data-access';
import type { ApiProviders } from '@terrace/session/stories';

/** The API contexts the namespace pages read, over the harness's real client. */
export const namespacesApis: ApiProviders = (client, page) => (
  <OrganizationApiContext.Provider value={createOrganizationApi(client)}>
    <NamespacesApiContext.Provider value={createNamespacesApi(client)}>{page}</NamespacesApiContext.Provider>
  </OrganizationApiContext.Provider>
);
