export { namespacesPages, namespacesPagesWith } from './lib/namespaces.pages';
