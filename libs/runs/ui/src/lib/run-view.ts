import type { AnyRunStatus, EnforcementLevel, PolicyCheckStatus, RunKind, StepStatus, TaskType } from '@terrace/domain';

// The shapes the runs components draw. A ui library may not import the API client (only ui,
// design-system and util libraries), so these name the members of the contract's schemas that the
// components read; the contract's objects (Run, Plan, RunStepResults…) are assignable to them as
// they are, which the runs feature's type check proves where it passes them.

export interface RunInitiatorView {
  userName?: string;
  username?: string;
  userType: string;
  externalSource?: string;
  isBot?: boolean;
}

export interface GitInfoView {
  repoName?: string;
  branch?: string;
  commitSubject?: string;
  headSha?: string;
}

export interface RunRowView {
  id: string;
  kind: RunKind;
  status: AnyRunStatus;
  stackId: string;
  stackName?: string;
  initiator?: RunInitiatorView;
  durationInMs?: number;
  gitInfo?: GitInfoView;
  config?: { taskToExecute?: { taskType: TaskType | string }; isDestroy?: boolean };
  createdAt: string;
  updatedAt?: string;
}

export interface ResourceChangeView {
  tfResourceName: string;
  logicalResourceId?: string;
}

export interface PlanSummaryView {
  create?: ResourceChangeView[];
  update?: ResourceChangeView[];
  replace?: ResourceChangeView[];
  delete?: ResourceChangeView[];
  hasOutputChanges?: boolean;
}

export interface StepView {
  name: string;
  status: StepStatus;
  startedAt?: string;
  finishedAt?: string;
}

export interface CommandResultView {
  status?: StepStatus;
  stdOut?: string;
  stdErr?: string;
  skippedReason?: string;
}

export interface StepResultsView {
  gitCloneResult?: CommandResultView;
  customFlow?: Partial<Record<'beforeInit' | 'afterInit' | 'beforePlan' | 'afterPlan' | 'beforeApply' | 'afterApply', CommandResultView>>;
  terraformInitResult?: CommandResultView;
  tfLintResult?: CommandResultView;
  tfSecResult?: {
    status?: StepStatus;
    stdOut?: string;
    failedTfSecChecks?: { severity?: string; description?: string; resource?: string; resolution?: string }[];
  };
  terraformPlanResult?: CommandResultView & { summary?: PlanSummaryView };
  infracostResult?: { status?: StepStatus; diffOutput?: string; monthlyCostDiff?: number };
  controlPoliciesResult?: {
    status?: StepStatus;
    controlPoliciesRunResult?: { controlPolicyId?: string; policyName: string; enforcementLevel: EnforcementLevel; hasPolicyChecksPassed: boolean; status?: PolicyCheckStatus }[];
  };
  terraformApplyResult?: CommandResultView;
  taskExecutionResult?: CommandResultView;
  errorSummary?: string;
}
