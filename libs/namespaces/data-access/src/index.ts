export { namespacesKeys } from './lib/namespaces.keys';
