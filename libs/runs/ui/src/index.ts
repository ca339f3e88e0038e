export { LogPanel, type LogPanelProps, type LogPanelStatus } from './lib/log-panel';
export { PlanSummary, planActions, planCounts, type PlanAction, type PlanSummaryProps } from './lib/plan-summary';
export { ResourceChangesTable, type ResourceChangesTableProps } from './lib/resource-changes-table';
export { RunErrorSummary, type RunErrorSummaryProps } from './lib/run-error-summary';
export { initiatorTypeLabels, runKindLabels, taskTypeLabels } from './lib/run-labels';
export { stepLabels } from './lib/step-labels';
export type {
  CommandResultView,
  GitInfoView,
  PlanSummaryView,
  ResourceChangeView,
  RunInitiatorView,
  RunRowView,
  StepResultsView,
  StepView,
} from './lib/run-view';
export { RunsTable, type RunsTableProps } from './lib/runs-table';
export { StepTimeline, type StepTimelineProps } from './lib/step-timeline';
