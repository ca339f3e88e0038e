export { stacksPages, stacksPagesWith } from './lib/stacks.pages';
export type { StackPanel, StackPanels } from './lib/stack-page';
export type { StackListProps } from './lib/stack-list';
export { LazyStackList } from './lib/lazy-stack-list';
