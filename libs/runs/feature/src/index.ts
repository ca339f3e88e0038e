export { runsPages } from './lib/runs.pages';
export { LazyStackRunActions, LazyStackRunsTab } from './lib/lazy-stack-runs';
export type { StackRunActionsProps } from './lib/stack-run-actions';
export type { StackRunsTabProps } from './lib/stack-runs-tab';
