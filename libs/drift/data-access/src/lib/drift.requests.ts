import type { ApiClient } from '@terrace/api-client';
import { firstItem } from '@terrace/session';
import type {
  DriftDetail,
  DriftDetection,
  DriftRemediation,
  DriftRemediationInput,
  DriftReportFilters,
  DriftReportPoint,
} from './drift.types';

/**
 * The calls of the drift domain (automation §7): plain functions on the one configured client, on
 * the contract's generated paths. Reads take the query's abort `signal`.
 */
export const driftRequests = {
  /** The stack's drifts; existing clients always ask for those found from the state file. */
  async details(client: ApiClient, stackId: string, signal?: AbortSignal): Promise<DriftDetail[]> {
    const { data } = await client.GET('/stack/driftDetails', {
      params: { query: { stackId, source: 'stateFile' } },
      signal,
    });
    return data?.response.items ?? [];
  },
  async startDetection(client: ApiClient, stackId: string): Promise<DriftDetection> {
    const { data } = await client.POST('/stack/driftDetection', { body: { entity: { stackId } } });
    return firstItem(data);
  },
  async detectionStatus(
    client: ApiClient,
    stackId: string,
    driftDetectionId: string,
    signal?: AbortSignal,
  ): Promise<DriftDetection> {
    const { data } = await client.GET('/stack/driftDetectionStatus', {
      params: { query: { stackId, driftDetectionId } },
      signal,
    });
    return firstItem(data);
  },
  async startRemediation(
    client: ApiClient,
    input: DriftRemediationInput,
  ): Promise<DriftRemediation> {
    const { data } = await client.POST('/stack/driftRemediation', { body: { entity: input } });
    return firstItem(data);
  },
  async remediationStatus(
    client: ApiClient,
    driftRemediationId: string,
    signal?: AbortSignal,
  ): Promise<DriftRemediation> {
    const { data } = await client.GET('/stack/driftRemediationStatus', {
      params: { query: { driftRemediationId } },
      signal,
    });
    return firstItem(data);
  },
  async report(
    client: ApiClient,
    { namespaceId, daysBack }: DriftReportFilters,
    signal?: AbortSignal,
  ): Promise<DriftReportPoint[]> {
    const { data } = await client.GET('/drift/report', {
      params: { query: { daysBack, ...(namespaceId ? { namespaceId } : {}) } },
      signal,
    });
    return data?.response.items ?? [];
  },
};
