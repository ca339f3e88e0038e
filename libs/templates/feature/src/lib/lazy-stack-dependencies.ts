import { lazy } from 'react';

/**
 * The stack page's Dependencies tab and a namespace's dependency graph, loaded only with the pages
 * that show them (the graph's layout is in their chunk, not the app's entry).
 */
export const LazyStackDependenciesTab = lazy(() => import('./stack-dependencies-tab').then((m) => ({ default: m.StackDependenciesTab })));
export const LazyNamespaceDependencyGraph = lazy(() => import('./namespace-dependency-graph').then((m) => ({ default: m.NamespaceDependencyGraph })));
