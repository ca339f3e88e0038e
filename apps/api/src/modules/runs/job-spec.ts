// The shapes the runner protocol and the runner engine share with the runs domain (RUNS-INTERFACE.md).
// libs/runner-engine defines the same names in its job-spec.ts; these are the server's copy, so the
// API does not depend on the node-only engine library.

import type { StepStatus } from '@terrace/domain';
import type { JobControlPolicies } from '@terrace/policy-engine';

export type JobPhase = 'plan' | 'apply' | 'task';
export type JobRunKind = 'plan' | 'deployment' | 'destroy' | 'task' | 'drift';
export type JobSignal = 'none' | 'cancel' | 'force';

export type JobRepositoryCredentials = { username?: string; password?: string } | { sshPrivateKey: string };

export interface JobVariable {
  name: string;
  value: string;
  kind: 'terraform' | 'environment';
  sensitive: boolean;
  hcl?: boolean;
}

export type JobTask =
  | {
      kind: 'releaseStateLock';
      lockId: string;
      /** A terragrunt stack run as a whole: the states holding the lock ('' the stack's own, else a unit's directory). */
      lockedUnits?: string[];
    }
  | { kind: 'taint' | 'untaint' | 'remove'; addresses: string[] }
  | { kind: 'import'; resources: { address: string; id: string }[] }
  | { kind: 'refreshState'; refreshMode: 'plan' | 'apply' };

export type JobBackend =
  | { kind: 'http'; address: string; lockAddress: string; unlockAddress: string; username: string; password: string }
  | { kind: 'local' };

export interface JobHooks {
  beforeInit: string[][];
  afterInit: string[][];
  beforePlan: string[][];
  afterPlan: string[][];
  beforeApply: string[][];
  afterApply: string[][];
}

export interface JobSpec {
  jobId: string;
  runId: string;
  runKind: JobRunKind;
  phase: JobPhase;
  organizationId: string;
  stackId: string;
  stackName: string;
  repository: { url: string; branch: string; commitSha?: string; path: string; credentials?: JobRepositoryCredentials };
  /** runAll (terragrunt): the stack's "run all" setting, every unit under its directory (`run --all`); else its directory alone. */
  iac: { engine: 'terraform' | 'opentofu' | 'terragrunt'; version: string; runAll?: boolean };
  variables: JobVariable[];
  varFiles: string[];
  hooks: JobHooks;
  task?: JobTask;
  plan?: { destroy: boolean; refreshOnly: boolean; lock: boolean; targets?: string[]; replace?: string[] };
  backend: JobBackend;
  /** Apply phase: the plan phase's saved plan (base64). */
  planFile?: string;
  /** Apply phase: the plan phase's .terraform.lock.hcl (base64). */
  lockFile?: string;
  /** Plan phase: the control policies in force on the stack, evaluated by the runner. */
  controlPolicies?: JobControlPolicies;
}

export interface JobPlanSummary {
  add: number;
  change: number;
  destroy: number;
  replace: number;
  import: number;
  hasChanges: boolean;
}

/** One entry of the plan's resource changes: the engine's ResourceChange, or terraform's own resource_changes entry. */
export interface JobResourceChange {
  address: string;
  /** The engine's single action (create, update, delete, replace, read, forget, no-op). */
  action?: string;
  actions?: string[];
  change?: { actions?: string[] };
  [key: string]: unknown;
}

export interface JobOutcome {
  status: 'succeeded' | 'failed' | 'canceled';
  exitCode?: number | undefined;
  error?: string | undefined;
  /** Set when the job failed before any step could run: the run's errorSummary. */
  errorSummary?: string | undefined;
  /** The process group was killed (force cancel). */
  killed?: boolean | undefined;
  planSummary?: JobPlanSummary | undefined;
  resourceChanges?: JobResourceChange[] | undefined;
  resourceDrift?: JobResourceChange[] | undefined;
  /** Names of the outputs the plan would change. */
  outputChanges?: string[] | undefined;
  outputs?: { name: string; sensitive: boolean; type: unknown; value: unknown }[] | undefined;
  /** Plan phase: the saved plan (base64), kept (sealed) for the apply phase. */
  planFile?: string | undefined;
  /** Plan phase: `show -json` of the saved plan, for control policies and the plan viewer. */
  planJson?: string | undefined;
  /** .terraform.lock.hcl after init (base64). */
  lockFile?: string | undefined;
  /** The commit the job ran on. */
  commitSha?: string | undefined;
  /** The IaC version the job ran with (resolved from a constraint). */
  iacVersion?: string | undefined;
  /** Plan phase: the runner's result per control policy of the spec (checked by the control-policies module before it is recorded). */
  controlPolicyResults?: unknown;
}

/** A step report: the key as the engine names it (customFlow.beforeInit or customFlowBeforeInit). */
export interface JobStepReport {
  key: string;
  status: StepStatus;
  result?: Record<string, unknown>;
}

export interface JobRef {
  jobId: string;
  attempt: number;
}

export interface ClaimedJob {
  jobId: string;
  attempt: number;
  runId: string;
  runKind: JobRunKind;
  phase: JobPhase;
  stackId: string;
  organizationId: string;
}

/** What the lease sweeper tells `reasonFor` about a lost job. */
export interface ExpiredJob {
  jobId: string;
  runId: string;
  organizationId: string;
  runnerId: string | null;
  runnerGroupId: string;
  leaseExpiresAt: Date;
}
