export { stacksPages } from './lib/stacks.pages';
