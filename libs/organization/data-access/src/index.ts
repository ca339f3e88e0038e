export { organizationKeys } from './lib/organization.keys';
