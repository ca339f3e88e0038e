import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@terrace/api-client';
import { driftKeys } from './drift.keys';
import { driftRequests } from './drift.requests';
import {
  isJobFinished,
  type DriftDetection,
  type DriftRemediation,
  type DriftReportFilters,
} from './drift.types';

// A stack's drifts change only when a detection finishes (the console invalidates them then) or on
// the stack's schedule, at most every few minutes.
const detailsStaleTime = 60_000;
// The report is a day-by-day history: today's point moves slowly.
const reportStaleTime = 5 * 60_000;
// A detection or remediation runs a plan on a runner: seconds to minutes. Polled while it runs
// (the spec's pollable status calls), then left alone.
const pollInterval = 2_000;

/** One `queryOptions` per query: the key from the key factory, the request with the query's abort signal. */
export const driftQueries = {
  details: (client: ApiClient, stackId: string) =>
    queryOptions({
      queryKey: driftKeys.details(stackId),
      queryFn: ({ signal }) => driftRequests.details(client, stackId, signal),
      staleTime: detailsStaleTime,
    }),
  report: (client: ApiClient, filters: DriftReportFilters) =>
    queryOptions({
      queryKey: driftKeys.report(filters),
      queryFn: ({ signal }) => driftRequests.report(client, filters, signal),
      staleTime: reportStaleTime,
      // Another period or namespace keeps the current chart on screen until the next arrives.
      placeholderData: keepPreviousData,
    }),
  detection: (client: ApiClient, stackId: string, driftDetectionId: string) =>
    queryOptions({
      queryKey: driftKeys.detection(stackId, driftDetectionId),
      queryFn: ({ signal }): Promise<DriftDetection> =>
        driftRequests.detectionStatus(client, stackId, driftDetectionId, signal),
      staleTime: 0,
      refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : pollInterval),
    }),
  remediation: (client: ApiClient, stackId: string, driftRemediationId: string) =>
    queryOptions({
      queryKey: driftKeys.remediation(stackId, driftRemediationId),
      queryFn: ({ signal }): Promise<DriftRemediation> =>
        driftRequests.remediationStatus(client, driftRemediationId, signal),
      staleTime: 0,
      refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : pollInterval),
    }),
};
