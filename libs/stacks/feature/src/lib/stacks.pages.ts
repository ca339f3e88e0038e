import { lazyPage, type AppPages } from '@terrace/session';
import { createElement } from 'react';
import type { StackPanel, StackPanels } from './stack-page';

/**
 * The stacks pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const stacksPages = {
  stack: lazyPage(() => import('./stack-page').then((m) => m.StackPage)),
  createStackWizard: lazyPage(() => import('./stack-wizard-page').then((m) => m.CreateStackRoute)),
  cloneStackWizard: lazyPage(() => import('./clone-stack-page').then((m) => m.CloneStackRoute)),
  editStackWizard: lazyPage(() => import('./edit-stack-page').then((m) => m.EditStackRoute)),
} satisfies AppPages;

/**
 * The same pages, with stack page tabs other domains fill, given by the app (the variables
 * feature's panel: one feature does not import another).
 */
export function stacksPagesWith({ panels, actions }: { panels: StackPanels; actions?: StackPanel }) {
  return {
    ...stacksPages,
    stack: lazyPage(() =>
      import('./stack-page').then((m) => function StackRoute() {
        return createElement(m.StackPage, { panels, actions });
      }),
    ),
  } satisfies AppPages;
}
