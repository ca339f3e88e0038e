import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The Stacks pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const stacksPages = {
  stack: lazyPage(() => import('./stacks-page').then((m) => m.StacksPage)),
} satisfies AppPages;
