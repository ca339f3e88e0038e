import type { StepStatus } from '@terrace/domain';
import { jobControlPoliciesSchema, type JobControlPolicies, type ReportedPolicyResult } from '@terrace/policy-engine';
import { z } from 'zod';

/**
 * What a runner is given to execute one job (one phase attempt of a run), what it reports while
 * running, and what it answers at the end. Shared by runs-server (`jobSpec()`), the runner protocol
 * and the runner (RUNS-INTERFACE.md). Field names are the contract: change them only together.
 */

export type RunKind = 'plan' | 'deployment' | 'destroy' | 'task' | 'drift';
export type JobPhase = 'plan' | 'apply' | 'task';
export type IacEngine = 'terraform' | 'opentofu' | 'terragrunt';

export type RepositoryCredentials =
  | { username?: string | undefined; password?: string | undefined }
  | { sshPrivateKey: string; knownHosts?: string | undefined };

export interface JobVariable {
  name: string;
  value: string;
  /** `terraform`: an input variable (TF_VAR_<name>); `environment`: an environment variable. */
  kind: 'terraform' | 'environment';
  sensitive: boolean;
  /** The value is an HCL expression (a list, a map); terraform parses TF_VAR_ values of complex types so. */
  hcl?: boolean | undefined;
}

export interface JobHooks {
  beforeInit: string[][];
  afterInit: string[][];
  beforePlan: string[][];
  afterPlan: string[][];
  beforeApply: string[][];
  afterApply: string[][];
}

export type TaskKind = 'releaseStateLock' | 'taint' | 'untaint' | 'remove' | 'import' | 'refreshState';

export interface JobTask {
  kind: TaskKind;
  /** releaseStateLock */
  lockId?: string | undefined;
  /**
   * releaseStateLock on a terragrunt stack of several units: the states the server holds locked
   * with `lockId` ('' the stack's own, else a unit's directory), where the lock is released.
   */
  lockedUnits?: string[] | undefined;
  /** taint, untaint, remove */
  addresses?: string[] | undefined;
  /** import */
  resources?: { address: string; id: string }[] | undefined;
  /** refreshState: a refresh-only plan, or a refresh-only apply that records the real objects in state. */
  refreshMode?: 'plan' | 'apply' | undefined;
}

export interface JobPlanOptions {
  destroy: boolean;
  refreshOnly: boolean;
  /** false for plans and drift checks, which never take the state lock. */
  lock: boolean;
  targets?: string[] | undefined;
  replace?: string[] | undefined;
}

export type JobBackend =
  | { kind: 'http'; address: string; lockAddress: string; unlockAddress: string; username: 'terraform' | string; password: string }
  | { kind: 'local' };

export interface JobSpec {
  jobId: string;
  runId: string;
  runKind: RunKind;
  phase: JobPhase;
  organizationId: string;
  stackId: string;
  stackName: string;
  repository: {
    url: string;
    branch: string;
    commitSha?: string | undefined;
    /** The stack's directory inside the repository ('' or '.' for the root). */
    path: string;
    credentials?: RepositoryCredentials | undefined;
  };
  iac: {
    engine: IacEngine;
    /** A version, a constraint (`~> 1.9`, `^1.8.0`) or LATEST. */
    version: string;
    /** For terragrunt: the engine it runs (default: opentofu, LATEST). */
    wrapped?: { engine: 'terraform' | 'opentofu'; version: string } | undefined;
    /**
     * For terragrunt: the stack's "run all" setting. On, every unit under the stack's directory runs
     * (`terragrunt run --all`, each unit against its own state); off (or absent), only the stack's
     * directory, as one root module.
     */
    runAll?: boolean | undefined;
  };
  variables: JobVariable[];
  /** Variable files of the repository, relative to the stack's directory. */
  varFiles: string[];
  hooks: JobHooks;
  task?: JobTask | undefined;
  plan?: JobPlanOptions | undefined;
  backend: JobBackend;
  /** Apply phase: the plan phase's saved plan, base64. */
  planFile?: string | undefined;
  /** Apply phase: the plan phase's .terraform.lock.hcl, base64, so init selects the same providers. */
  lockFile?: string | undefined;
  /** Plan phase: the control policies in force on the stack, evaluated after the plan (control-policies-step.ts). */
  controlPolicies?: JobControlPolicies | undefined;
}

export const stepKeys = [
  'gitClone',
  'customFlow.beforeInit',
  'terraformInit',
  'customFlow.afterInit',
  'tfLint',
  'tfSec',
  'customFlow.beforePlan',
  'terraformPlan',
  'customFlow.afterPlan',
  'infracost',
  'controlPolicies',
  'approval',
  'customFlow.beforeApply',
  'terraformApply',
  'customFlow.afterApply',
  'outputs',
  'taskExecution',
] as const;
export type StepKey = (typeof stepKeys)[number];

export type JobSignal = 'none' | 'cancel' | 'force';

export interface JobSink {
  /** Log bytes (secrets already masked), in order. A returned promise is awaited before more is sent. */
  log(bytes: Uint8Array): void | Promise<void>;
  /** A step's status; the answer may ask the job to stop (cancel: SIGINT, force: SIGKILL). */
  step(key: StepKey, status: StepStatus, result?: StepResult): Promise<{ signal: JobSignal }>;
}

/** Plan counts as terraform's "Plan: N to add, N to change, N to destroy." (a replacement adds one and destroys one). */
export interface PlanSummary {
  add: number;
  change: number;
  destroy: number;
  /** Of which replacements (counted in add and destroy too). */
  replace: number;
  import: number;
  /** The plan's -detailed-exitcode was 2: applying it would change something (resources or outputs). */
  hasChanges: boolean;
}

export type ResourceAction = 'create' | 'update' | 'delete' | 'replace' | 'read' | 'forget' | 'no-op';

export interface ResourceChange {
  address: string;
  moduleAddress?: string | undefined;
  type: string;
  name: string;
  providerName?: string | undefined;
  action: ResourceAction;
  /** terraform's own list (`["delete","create"]` for a replacement). */
  actions: string[];
  actionReason?: string | undefined;
  /** The id of the object before the change, when known. */
  id?: string | undefined;
  importing?: boolean | undefined;
  /** A terragrunt stack of several units: the unit it belongs to (its address then starts with `<unit>:`). */
  unit?: string | undefined;
}

export interface JobOutput {
  name: string;
  sensitive: boolean;
  /** terraform's cty type JSON ("string", ["map","string"], …). */
  type: unknown;
  value: unknown;
  /** A terragrunt stack of several units: the unit whose output it is (its name then starts with `<unit>:`). */
  unit?: string | undefined;
}

export interface JobOutcome {
  status: 'succeeded' | 'failed' | 'canceled';
  exitCode?: number | undefined;
  /** What went wrong, in the words of the failing part. */
  error?: string | undefined;
  /** Set when the job failed before any step could run (spec: the run's errorSummary). */
  errorSummary?: string | undefined;
  /** The process group was killed (force cancel). */
  killed?: boolean | undefined;
  planSummary?: PlanSummary | undefined;
  /** resource_changes without the no-ops. */
  resourceChanges?: ResourceChange[] | undefined;
  /** resource_drift: objects changed outside terraform (drift detection classifies them). */
  resourceDrift?: ResourceChange[] | undefined;
  /** Names of outputs the plan would change. */
  outputChanges?: string[] | undefined;
  outputs?: JobOutput[] | undefined;
  /** Plan phase: the saved plan, base64 (the apply phase gets it back as spec.planFile). */
  planFile?: string | undefined;
  /** Plan phase: `show -json` of the saved plan (format_version 1.2), for policies and the plan viewer. */
  planJson?: string | undefined;
  /** .terraform.lock.hcl after init, base64. */
  lockFile?: string | undefined;
  /** The commit the job ran on. */
  commitSha?: string | undefined;
  /** The IaC version the job ran with (the resolved one when the spec gave a constraint). */
  iacVersion?: string | undefined;
  /** Plan phase: one result per control policy of spec.controlPolicies (the server applies the enforcement). */
  controlPolicyResults?: ReportedPolicyResult[] | undefined;
}

/** A command-like step's result (the spec's CommandResult). */
export interface CommandResult {
  status?: StepStatus | undefined;
  stdOut?: string | undefined;
  stdErr?: string | undefined;
  skippedReason?: string | undefined;
}

export interface SpecPlanSummary {
  create?: { tfResourceName: string; logicalResourceId?: string | undefined }[];
  replace?: { tfResourceName: string; logicalResourceId?: string | undefined }[];
  update?: { tfResourceName: string; logicalResourceId?: string | undefined }[];
  delete?: { tfResourceName: string; logicalResourceId?: string | undefined }[];
  hasOutputChanges?: boolean;
}

/**
 * A step's result, shaped as the spec's RunStepResults entry for that step (stepResultKey says which):
 * gitClone → gitCloneResult, terraformPlan → terraformPlanResult (with summary), tfSec → tfSecResult, …
 */
export type StepResult = CommandResult & {
  summary?: SpecPlanSummary | undefined;
  failedTfSecChecks?: { severity?: string; description?: string; resource?: string; resolution?: string }[] | undefined;
  diffOutput?: string | undefined;
  monthlyCostDiff?: number | undefined;
};

/** Where a step's result goes in the spec's RunStepResults (e.g. ['customFlow','beforeInit']). */
export function stepResultKey(key: StepKey): string[] {
  if (key.startsWith('customFlow.')) return ['customFlow', key.slice('customFlow.'.length)];
  const map: Record<string, string> = {
    gitClone: 'gitCloneResult',
    terraformInit: 'terraformInitResult',
    tfLint: 'tfLintResult',
    tfSec: 'tfSecResult',
    terraformPlan: 'terraformPlanResult',
    infracost: 'infracostResult',
    controlPolicies: 'controlPoliciesResult',
    approval: 'approvalResult',
    terraformApply: 'terraformApplyResult',
    outputs: 'outputsResult',
    taskExecution: 'taskExecutionResult',
  };
  return [map[key] ?? key];
}

const argv = z.array(z.string().min(1)).min(1);

/** Validates a JobSpec received over the wire (the runner protocol). */
export const jobSpecSchema = z.object({
  jobId: z.string().min(1),
  runId: z.string().min(1),
  runKind: z.enum(['plan', 'deployment', 'destroy', 'task', 'drift']),
  phase: z.enum(['plan', 'apply', 'task']),
  organizationId: z.string().min(1),
  stackId: z.string().min(1),
  stackName: z.string(),
  repository: z.object({
    url: z.string().min(1),
    branch: z.string().min(1),
    commitSha: z.string().optional(),
    path: z.string(),
    credentials: z
      .union([
        z.object({ sshPrivateKey: z.string().min(1), knownHosts: z.string().optional() }),
        z.object({ username: z.string().optional(), password: z.string().optional() }),
      ])
      .optional(),
  }),
  iac: z.object({
    engine: z.enum(['terraform', 'opentofu', 'terragrunt']),
    version: z.string().min(1),
    wrapped: z.object({ engine: z.enum(['terraform', 'opentofu']), version: z.string().min(1) }).optional(),
    runAll: z.boolean().optional(),
  }),
  variables: z.array(
    z.object({
      name: z.string().min(1),
      value: z.string(),
      kind: z.enum(['terraform', 'environment']),
      sensitive: z.boolean(),
      hcl: z.boolean().optional(),
    }),
  ),
  varFiles: z.array(z.string().min(1)),
  hooks: z.object({
    beforeInit: z.array(argv),
    afterInit: z.array(argv),
    beforePlan: z.array(argv),
    afterPlan: z.array(argv),
    beforeApply: z.array(argv),
    afterApply: z.array(argv),
  }),
  task: z
    .object({
      kind: z.enum(['releaseStateLock', 'taint', 'untaint', 'remove', 'import', 'refreshState']),
      lockId: z.string().optional(),
      lockedUnits: z.array(z.string()).optional(),
      addresses: z.array(z.string().min(1)).optional(),
      resources: z.array(z.object({ address: z.string().min(1), id: z.string().min(1) })).optional(),
      refreshMode: z.enum(['plan', 'apply']).optional(),
    })
    .optional(),
  plan: z
    .object({
      destroy: z.boolean(),
      refreshOnly: z.boolean(),
      lock: z.boolean(),
      targets: z.array(z.string().min(1)).optional(),
      replace: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  backend: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('http'),
      address: z.string().min(1),
      lockAddress: z.string().min(1),
      unlockAddress: z.string().min(1),
      username: z.string().min(1),
      password: z.string(),
    }),
    z.object({ kind: z.literal('local') }),
  ]),
  planFile: z.string().optional(),
  lockFile: z.string().optional(),
  controlPolicies: jobControlPoliciesSchema.optional(),
});
