export { designedHandler } from './lib/designed-handler';
export { organizationFixtures } from './lib/organization.fixtures';
