import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RunKind, TaskType } from '@terrace/domain';

export const runKindLabels: Record<RunKind, MessageDescriptor> = {
  plan: msg`Plan`,
  deployment: msg`Deployment`,
  destroy: msg`Destroy`,
  task: msg`Task`,
  external_run: msg`External run`,
};

export const taskTypeLabels: Record<TaskType, MessageDescriptor> = {
  releaseStateLock: msg`Release state lock`,
  taintResources: msg`Taint resources`,
  untaintResources: msg`Untaint resources`,
  removeResources: msg`Remove resources from state`,
  importResources: msg`Import resources`,
  refreshState: msg`Refresh state`,
};

/** The steps of a run in order (the contract's RunStepName, design §5.1). */
export const stepLabels: Record<string, MessageDescriptor> = {
  gitClone: msg`Clone repository`,
  customFlowBeforeInit: msg`Custom flow before init`,
  terraformInit: msg`Init`,
  customFlowAfterInit: msg`Custom flow after init`,
  tfLint: msg`Lint (TFLint)`,
  tfSec: msg`Security scan (tfsec)`,
  customFlowBeforePlan: msg`Custom flow before plan`,
  terraformPlan: msg`Plan`,
  customFlowAfterPlan: msg`Custom flow after plan`,
  infracost: msg`Cost estimate (Infracost)`,
  controlPolicies: msg`Control policies`,
  runTasks: msg`Run tasks`,
  approval: msg`Approval`,
  customFlowBeforeApply: msg`Custom flow before apply`,
  terraformApply: msg`Apply`,
  customFlowAfterApply: msg`Custom flow after apply`,
  taskExecution: msg`Task`,
  outputs: msg`Outputs`,
};

export const initiatorTypeLabels: Record<string, MessageDescriptor> = {
  user: msg`Console user`,
  ssoUser: msg`SSO user`,
  programmaticUser: msg`Programmatic user`,
  github: msg`GitHub user`,
  gitlab: msg`GitLab user`,
  bitbucket: msg`Bitbucket user`,
  bitbucketDataCenter: msg`Bitbucket Data Center user`,
  azureDevops: msg`Azure DevOps user`,
  system: msg`Terrace`,
};
