import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The stacks pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const stacksPages = {
  stack: lazyPage(() => import('./stack-page').then((m) => m.StackPage)),
  createStackWizard: lazyPage(() => import('./stack-wizard-page').then((m) => m.CreateStackRoute)),
  cloneStackWizard: lazyPage(() => import('./stack-wizard-page').then((m) => m.CloneStackRoute)),
  editStackWizard: lazyPage(() => import('./stack-wizard-page').then((m) => m.EditStackRoute)),
} satisfies AppPages;
