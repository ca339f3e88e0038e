export { driftPages } from './lib/drift.pages';
