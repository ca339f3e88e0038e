import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The Templates pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const templatesPages = {
  templates: lazyPage(() => import('./templates-page').then((m) => m.TemplatesPage)),
} satisfies AppPages;
