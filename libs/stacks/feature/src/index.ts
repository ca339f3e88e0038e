export { stacksPages } from './lib/stacks.pages';
export { StackList, type StackListProps } from './lib/stack-list';
