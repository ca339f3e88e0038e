export { namespacesRoutes } from './lib/namespaces.routes';
