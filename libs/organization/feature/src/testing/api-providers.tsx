import { OrganizationApiContext, createOrganizationApi } from '@terrace/organization/data-access';
import type { ApiProviders } from '@terrace/session/stories';

/** The API context the organization pages read, over the harness's real client. */
export const organizationApis: ApiProviders = (client, page) => (
  <OrganizationApiContext.Provider value={createOrganizationApi(client)}>{page}</OrganizationApiContext.Provider>
);
