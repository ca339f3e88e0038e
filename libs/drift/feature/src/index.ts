export { driftPages } from './lib/drift.pages';
export { LazyStackDriftTab } from './lib/lazy-stack-drift';
export type { StackDriftTabProps } from './lib/stack-drift-tab';
