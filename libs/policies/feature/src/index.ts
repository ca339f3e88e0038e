export { policiesPages } from './lib/policies.pages';
