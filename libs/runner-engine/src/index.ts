// The public entry of @terrace/runner-engine: runs one job of a run (clone, init, plan / apply /
// task) on this machine. No HTTP inside: apps/runner and the managed runner feed it specs.
export {
  stepKeys,
  stepResultKey,
  jobSpecSchema,
  type CommandResult,
  type IacEngine,
  type JobBackend,
  type JobHooks,
  type JobOutcome,
  type JobOutput,
  type JobPhase,
  type JobPlanOptions,
  type JobSignal,
  type JobSink,
  type JobSpec,
  type JobTask,
  type JobVariable,
  type PlanSummary,
  type RepositoryCredentials,
  type ResourceAction,
  type ResourceChange,
  type RunKind,
  type SpecPlanSummary,
  type StepKey,
  type StepResult,
  type TaskKind,
} from './lib/job-spec';
export { runJob, BEFORE_STEPS_SUMMARY, BACKEND_OVERRIDE_FILE, type RunJobOptions } from './lib/run-job';
export {
  resolveIacBinary,
  releaseFiles,
  binaryNameOf,
  currentPlatform,
  defaultReleaseSources,
  IacBinaryError,
  type IacBinaryName,
  type IacBinaryOptions,
  type ReleaseSources,
  type ResolvedIacBinary,
} from './lib/iac-binary';
export { SecretMasker, secretForms, MASK, MIN_SECRET_LENGTH } from './lib/secret-masker';
export { verifyDetachedSignature, readPublicKeys, SignatureError } from './lib/openpgp';
export { HASHICORP_RELEASE_KEY, OPENTOFU_RELEASE_KEY } from './lib/release-keys';
export { readZipEntry, listZipEntries, ZipError } from './lib/zip';
export { readPlanJson, readOutputsJson, planJsonSchema, type PlanJson, type ReadPlan } from './lib/plan-json';
export { jobEnvironment, specSecrets, backendOverride, isReservedEnvironmentName } from './lib/job-environment';
export { controlPoliciesStep, type ControlPoliciesStepInput, type ControlPoliciesStepOutcome } from './lib/control-policies-step';
