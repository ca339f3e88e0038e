export { driftKeys } from './lib/drift.keys';
