import type { DriftReportFilters } from './drift.types';

/**
 * Query keys of the drift domain: components never build keys themselves. A stack's drifts, its
 * detections and its remediations sit under the stack, so one invalidation reaches them all.
 */
export const driftKeys = {
  all: ['drift'] as const,
  reports: () => [...driftKeys.all, 'report'] as const,
  report: (filters: DriftReportFilters) => [...driftKeys.reports(), filters] as const,
  stacks: () => [...driftKeys.all, 'stack'] as const,
  stack: (stackId: string) => [...driftKeys.stacks(), stackId] as const,
  details: (stackId: string) => [...driftKeys.stack(stackId), 'details'] as const,
  detection: (stackId: string, driftDetectionId: string) =>
    [...driftKeys.stack(stackId), 'detection', driftDetectionId] as const,
  remediation: (stackId: string, driftRemediationId: string) =>
    [...driftKeys.stack(stackId), 'remediation', driftRemediationId] as const,
};
