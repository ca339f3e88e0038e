import { appPath } from '@terrace/session';

/** Where the policies domain links to, built from the route table. */
export const policyPaths = {
  list: (tab?: 'policies' | 'groups'): string => appPath('controlPolicies', {}, tab && tab !== 'policies' ? { tab } : undefined),
  create: (): string => appPath('createControlPolicyWizard'),
  edit: (controlPolicyId: string): string => appPath('editControlPolicyWizard', { controlPolicyId }),
  group: (controlPolicyGroupId: string): string => appPath('controlPolicyGroup', { controlPolicyGroupId }),
  createGroup: (): string => appPath('createControlPolicyGroupWizard'),
  editGroup: (controlPolicyGroupId: string): string => appPath('editControlPolicyGroupWizard', { controlPolicyGroupId }),
  violations: (): string => appPath('policyViolations'),
  stack: (stackId: string): string => appPath('stack', { stackId }),
  namespace: (namespaceId: string): string => appPath('namespace', { namespaceId }),
  /** A run known by its id: the id's prefix says its page (dep-, plan-, task-). */
  run: (runId: string): string | undefined => {
    if (runId.startsWith('dep-')) return appPath('deployment', { deploymentId: runId });
    if (runId.startsWith('plan-')) return appPath('plan', { planId: runId });
    if (runId.startsWith('task-')) return appPath('task', { taskId: runId });
    return undefined;
  },
};
