export { namespacesPages } from './lib/namespaces.pages';
