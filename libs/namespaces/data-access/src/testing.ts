export { namespaceFixture } from './lib/namespaces.fixtures';
