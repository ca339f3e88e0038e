import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type DriftState = Schemas['DriftState'];
export type DriftKind = Schemas['DriftKind'];
export type DeployRequiredKind = Schemas['DeployRequiredKind'];
export type DriftDetail = Schemas['DriftDetail'];
export type DriftAttribute = NonNullable<DriftDetail['attributes']>[number];
export type DriftDetection = Schemas['DriftDetection'];
export type DriftRemediation = Schemas['DriftRemediation'];
export type DriftRemediationMode = Schemas['DriftRemediationMode'];
export type DriftRemediationInput = Schemas['DriftRemediationInput'];
export type DriftReportPoint = Schemas['DriftReportPoint'];
export type JobStatus = Schemas['JobStatus'];

/** The drift report's filters: the namespace (all when absent) and the days it covers. */
export interface DriftReportFilters {
  namespaceId?: string;
  daysBack: number;
}

const finishedStatuses: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'succeeded',
  'failed',
  'canceled',
]);

/** A drift detection or remediation is polled until it reaches one of these. */
export function isJobFinished(status: JobStatus | undefined): boolean {
  return status !== undefined && finishedStatuses.has(status);
}
