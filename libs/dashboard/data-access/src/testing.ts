export { dashboardFixtures } from './lib/dashboard.fixtures';
