export { dashboardKeys } from './lib/dashboard.keys';
export { dashboardQueries } from './lib/dashboard.queries';
export { dashboardRequests } from './lib/dashboard.requests';
export type { AuditEvent, AutomationOverview, GettingStarted, OverviewCount, StackOverviewItem, StacksOverview } from './lib/dashboard.types';
