import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The Policies pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const policiesPages = {
  controlPolicies: lazyPage(() => import('./policies-page').then((m) => m.PoliciesPage)),
} satisfies AppPages;
