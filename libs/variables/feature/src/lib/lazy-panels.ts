import { lazy } from 'react';

// The tabs other pages show, loaded with the tab that shows them, not with the app's entry.

/** The namespace page's variables tab (`namespacesPagesWith({ variablesPanel })`). */
export const LazyNamespaceVariablesPanel = lazy(() => import('./namespace-variables-panel').then((m) => ({ default: m.NamespaceVariablesPanel })));

/** The stack page's variables tab. */
export const LazyStackVariablesPanel = lazy(() => import('./stack-variables-panel').then((m) => ({ default: m.StackVariablesPanel })));
