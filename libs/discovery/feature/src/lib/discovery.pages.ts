import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The stack discovery pages by route id (libs/session/src/lib/app-routes.ts); the app composes
 * them in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const discoveryPages = {
  stackDiscoveries: lazyPage(() => import('./discovery-list-page').then((m) => m.DiscoveryListPage)),
  stackDiscovery: lazyPage(() => import('./discovery-page').then((m) => m.DiscoveryPage)),
  createStackDiscoveryWizard: lazyPage(() => import('./discovery-wizard-page').then((m) => m.CreateDiscoveryWizardPage)),
  editStackDiscoveryWizard: lazyPage(() => import('./discovery-edit-page').then((m) => m.EditDiscoveryWizardPage)),
} satisfies AppPages;
