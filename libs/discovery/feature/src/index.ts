export { discoveryPages } from './lib/discovery.pages';
