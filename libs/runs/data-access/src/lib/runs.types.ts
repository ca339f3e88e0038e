import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type Run = Schemas['Run'];
export type Plan = Schemas['Plan'];
export type Deployment = Schemas['Deployment'];
export type Task = Schemas['Task'];
export type RunRef = Schemas['RunRef'];
export type RunKind = Schemas['RunKind'];
export type RunStatus = Schemas['RunStatus'];
export type StepStatus = Schemas['StepStatus'];
export type RunStep = Schemas['RunStep'];
export type RunStepName = Schemas['RunStepName'];
export type RunStepResults = Schemas['RunStepResults'];
export type RunStateV2 = Schemas['RunStateV2'];
export type RunBlockedBy = Schemas['RunBlockedBy'];
export type DeploymentApprovalRule = Schemas['DeploymentApprovalRule'];
export type PlanSummary = Schemas['PlanSummary'];
export type PlanResourceChange = Schemas['PlanResourceChange'];
export type RunComment = Schemas['RunComment'];
export type RemoteRun = Schemas['RemoteRun'];
export type RunLogLine = Schemas['RunLogLine'];
export type RunStatusEvent = Schemas['RunStatusEvent'];
export type TaskToExecute = Schemas['TaskToExecute'];
export type TaskInput = Schemas['TaskInput'];
export type PageSize = Schemas['PageSize'];

/** The runs that have a page of their own: a destroy is a deployment (`isDestroy`). */
export const runDetailKinds = ['plan', 'deployment', 'task'] as const;
export type RunDetailKind = (typeof runDetailKinds)[number];

/** A run as its page reads it: the kind's object, whichever it is. */
export type RunDetail = Plan | Deployment | Task;

/** The page a run of this kind opens on (external runs have none here). */
export function detailKindOf(kind: RunKind): RunDetailKind | null {
  switch (kind) {
    case 'plan':
      return 'plan';
    case 'deployment':
    case 'destroy':
      return 'deployment';
    case 'task':
      return 'task';
    case 'external_run':
      return null;
  }
}

/** The page of a run known only by its id (a blocker names a run, not its kind): ids carry their kind's prefix. */
export function detailKindOfId(runId: string): RunDetailKind | null {
  if (runId.startsWith('dep-')) return 'deployment';
  if (runId.startsWith('plan-')) return 'plan';
  if (runId.startsWith('task-')) return 'task';
  return null;
}

export const runPageSizes = [10, 20, 50, 100] as const satisfies readonly PageSize[];
export type RunPageSize = (typeof runPageSizes)[number];

/** The filters of the runs lists (listRuns): the Active Runs page and a stack's runs tab. */
export interface RunListFilters {
  page: number;
  pageSize: RunPageSize;
  stackId?: string;
  namespaceId?: string;
  kind?: RunKind;
  status?: RunStatus;
  /** Active runs only (true) or finished ones (false); both when absent. */
  isActive?: boolean;
  /** Runs updated in this many hours (the Finished tab: 24). */
  updatedInTheLastHours?: number;
}

export interface RunPage {
  items: Run[];
  total: number;
}
