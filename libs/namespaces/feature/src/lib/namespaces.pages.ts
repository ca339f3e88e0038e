import { lazyPage, type AppPages } from '@terrace/session';

/** The namespaces pages by route id (spec §2.2); the app composes them under the route table's guards. */
export const namespacesPages = {
  namespaces: lazyPage(() => import('./namespace-list-page').then((m) => m.NamespaceListRoute)),
  namespace: lazyPage(() => import('./namespace-details-page').then((m) => m.NamespaceDetailsRoute)),
  createNamespaceWizard: lazyPage(() => import('./namespace-wizard-page').then((m) => m.CreateNamespaceWizardPage)),
  editNamespaceWizard: lazyPage(() => import('./namespace-wizard-page').then((m) => m.EditNamespaceWizardPage)),
} satisfies AppPages;
