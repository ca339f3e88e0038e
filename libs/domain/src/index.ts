export { runStatuses, type RunStatus } from './lib/run-status';
