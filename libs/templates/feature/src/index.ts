export { templatesPages } from './lib/templates.pages';
export { LazyNamespaceDependencyGraph, LazyStackDependenciesTab } from './lib/lazy-stack-dependencies';
