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
