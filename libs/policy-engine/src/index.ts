// @terrace/policy-engine: control policies evaluated on terraform's plan JSON (typed policies in
// TypeScript, OPA Rego through the opa binary), effective-policy resolution and run outcomes.
export * from './lib/types';
export { evaluateTypedPolicy, matchesText, matchesName, checkCondition, missingTag, isRegistrySource, awsRegionOf } from './lib/evaluators';
export { resourceChanges, moduleCalls, valueAt, type PlannedChange, type ModuleCall } from './lib/plan';
export {
  effectivePolicies,
  appliesTo,
  groupLevel,
  stricter,
  runResultOf,
  outcomeOf,
  sortPolicyResultsBySeverity,
  type PolicyTargetType,
  type StackPlace,
  type PolicyMapping,
  type GroupMapping,
  type PoliciesOutcome,
} from './lib/effective';
export { evaluateRego, checkRego, findOpaBinary, opaVersion, checkFromOpaValue, DEFAULT_OPA_QUERY, type OpaOptions, type OpaPolicyFiles, type OpaEvalOutput } from './lib/opa';
export { managedPolicies, managedGroups, findManagedPolicy, findManagedGroup, type ManagedGroup } from './lib/managed';
export { resolveOpaBinary, opaAssetName, OpaBinaryError, DEFAULT_OPA_VERSION, DEFAULT_OPA_RELEASES, type OpaBinaryOptions } from './lib/opa-binary';
export {
  evaluateJobPolicy,
  evaluateJobPolicies,
  checkReportedResults,
  jobControlPoliciesSchema,
  ReportedResultsError,
  NOT_REPORTED_MESSAGE,
  REPORT_LIMITS,
  type JobPolicy,
  type JobControlPolicies,
  type ReportedPolicyResult,
} from './lib/job-policies';
