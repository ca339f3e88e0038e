export { runsKeys } from './lib/runs.keys';
export { runsQueries } from './lib/runs.queries';
export { runListQuery } from './lib/run-list.query';
export { runsRequests } from './lib/runs.requests';
export { runsCommands } from './lib/runs.commands';
export { runPaths } from './lib/run-paths';
export { stepsOf } from './lib/run-steps';
export {
  detailKindOf,
  detailKindOfId,
  runDetailKinds,
  runPageSizes,
  type Deployment,
  type PageSize,
  type Plan,
  type PlanResourceChange,
  type PlanSummary,
  type RemoteRun,
  type Run,
  type DeploymentApprovalRule,
  type RunBlockedBy,
  type RunComment,
  type RunDetail,
  type RunDetailKind,
  type RunKind,
  type RunListFilters,
  type RunLogLine,
  type RunPage,
  type RunPageSize,
  type RunRef,
  type RunStateV2,
  type RunStatus,
  type RunStatusEvent,
  type RunStep,
  type RunStepName,
  type RunStepResults,
  type StepStatus,
  type Task,
  type TaskInput,
  type TaskToExecute,
} from './lib/runs.types';
export { followRunEvents, type FollowRunEventsOptions, type RunEventHandlers, type RunEventsEnd } from './lib/run-event-stream';
export { applyStatusEvent, splitLines, useRunEvents, type RunEvents, type RunStreamStatus } from './lib/use-run-events';
export { useCreatePlanMutation } from './lib/create-plan.mutation';
export { useCreateDeploymentMutation } from './lib/create-deployment.mutation';
export { useCreateTaskMutation } from './lib/create-task.mutation';
export { useCancelRunMutation } from './lib/cancel-run.mutation';
export { useForceStartRunMutation } from './lib/force-start-run.mutation';
export { useApproveDeploymentMutation } from './lib/approve-deployment.mutation';
export { useApproveFailedPoliciesMutation } from './lib/approve-failed-policies.mutation';
export { useCreateCommentMutation } from './lib/create-comment.mutation';
