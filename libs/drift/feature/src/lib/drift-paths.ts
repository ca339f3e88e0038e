import { appPath } from '@terrace/session';

/** Links out of the drift pages, through the session's route table. */
export const driftPaths = {
  center: () => appPath('driftCenter'),
  stackDrift: (stackId: string) => appPath('stack', { stackId }, { tab: 'drift' }),
  namespace: (namespaceId: string) => appPath('namespace', { namespaceId }),
  /** A remediation's run: a deployment, or a task (a refresh-only apply) by its id's prefix. */
  run: (runId: string) =>
    runId.startsWith('task-')
      ? appPath('task', { taskId: runId })
      : appPath('deployment', { deploymentId: runId }),
};
