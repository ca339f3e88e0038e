import { lazy } from 'react';

// The stack page's drift tab, loaded with the stack page that shows it. The stacks domain receives
// it from the app (console-pages.ts): a feature never imports another domain's feature.
export const LazyStackDriftTab = lazy(() =>
  import('./stack-drift-tab').then((m) => ({ default: m.StackDriftTab })),
);
