import { appPath } from '@terrace/session';
import { detailKindOf, detailKindOfId, type Run, type RunDetailKind } from './runs.types';

/** Where the runs domain links to, built from the route table. */
export const runPaths = {
  detail: (kind: RunDetailKind, id: string): string => {
    switch (kind) {
      case 'plan':
        return appPath('plan', { planId: id });
      case 'deployment':
        return appPath('deployment', { deploymentId: id });
      case 'task':
        return appPath('task', { taskId: id });
    }
  },
  /** A run of a list: its page by kind (an external run's is the external run page). */
  of: (run: Pick<Run, 'id' | 'kind'>): string => {
    const kind = detailKindOf(run.kind);
    return kind ? runPaths.detail(kind, run.id) : appPath('expRun', { runId: run.id });
  },
  /** A run known by its id alone (a blocker); undefined when the id says no kind. */
  ofId: (runId: string): string | undefined => {
    const kind = detailKindOfId(runId);
    return kind ? runPaths.detail(kind, runId) : undefined;
  },
  stack: (stackId: string): string => appPath('stack', { stackId }),
  stackRuns: (stackId: string): string => appPath('stack', { stackId }, { tab: 'runs' }),
  namespace: (namespaceId: string): string => appPath('namespace', { namespaceId }),
  activeRuns: (): string => appPath('activeRuns'),
};
