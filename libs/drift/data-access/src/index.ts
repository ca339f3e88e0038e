export { driftKeys } from './lib/drift.keys';
export { driftQueries } from './lib/drift.queries';
export { driftRequests } from './lib/drift.requests';
export {
  isJobFinished,
  type DeployRequiredKind,
  type DriftAttribute,
  type DriftDetail,
  type DriftDetection,
  type DriftKind,
  type DriftRemediation,
  type DriftRemediationInput,
  type DriftRemediationMode,
  type DriftReportFilters,
  type DriftReportPoint,
  type DriftState,
  type JobStatus,
} from './lib/drift.types';
export { useStartDriftDetectionMutation } from './lib/start-drift-detection.mutation';
export { useStartDriftRemediationMutation } from './lib/start-drift-remediation.mutation';
export { useSettleDriftJob } from './lib/use-settle-drift-job';
