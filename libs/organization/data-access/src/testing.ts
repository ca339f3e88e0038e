export { organizationFixtures } from './lib/organization.fixtures';
