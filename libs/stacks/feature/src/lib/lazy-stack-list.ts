import { lazy } from 'react';

/** The stacks list loaded with the page that shows it (the namespace page's stacks tab), not with the app's entry. */
export const LazyStackList = lazy(() => import('./stack-list').then((m) => ({ default: m.StackList })));
