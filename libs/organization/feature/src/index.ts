export { organizationRoutes } from './lib/organization.routes';
