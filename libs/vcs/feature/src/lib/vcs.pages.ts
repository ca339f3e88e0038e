import { type AppPages } from '@terrace/session';

/**
 * The Vcs pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const vcsPages = {
  // Add each page under its route id, e.g. `audit: lazyPage(() => import('./vcs-page').then((m) => m.VcsPage))`.
} satisfies AppPages;
