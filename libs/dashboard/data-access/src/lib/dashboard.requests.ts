import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type { AutomationOverview } from './dashboard.types';

/** The dashboard's one call: every figure of the page in one answer, computed on the server. */
export const dashboardRequests = {
  async overview(client: ApiClient, signal?: AbortSignal): Promise<AutomationOverview> {
    const { data } = await client.GET('/dashboard/automationOverview', { signal });
    return firstItem(data);
  },
};
