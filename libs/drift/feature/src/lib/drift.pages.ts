import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The drift pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const driftPages = {
  driftCenter: lazyPage(() => import('./drift-center-page').then((m) => m.DriftCenterPage)),
} satisfies AppPages;
