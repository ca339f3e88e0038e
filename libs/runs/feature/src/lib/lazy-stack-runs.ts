import { lazy } from 'react';

// The stack page's runs tab and run buttons, loaded with the stack page that shows them, not with
// the app's entry. The stacks domain receives them from the app (console-pages.ts), as the
// namespace page receives the stacks list: a feature never imports another domain's feature.
export const LazyStackRunsTab = lazy(() => import('./stack-runs-tab').then((m) => ({ default: m.StackRunsTab })));
export const LazyStackRunActions = lazy(() => import('./stack-run-actions').then((m) => ({ default: m.StackRunActions })));
