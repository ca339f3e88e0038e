export { dashboardPages } from './lib/dashboard.pages';
