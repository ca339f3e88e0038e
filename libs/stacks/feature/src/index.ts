export { stacksPages } from './lib/stacks.pages';
export type { StackListProps } from './lib/stack-list';
export { LazyStackList } from './lib/lazy-stack-list';
