import type { RouteObject } from 'react-router';

/**
 * The namespaces pages, relative to /app (spec §2.2); the console app only composes them. Each
 * route's id is the route id of the session's route table, so the app can put its guard on it.
 */
export const namespacesRoutes: RouteObject[] = [
  {
    id: 'namespaces',
    path: 'namespaces',
    lazy: async () => {
      const { NamespaceListRoute } = await import('./namespace-list-page');
      return { Component: NamespaceListRoute };
    },
  },
  {
    id: 'namespace',
    path: 'namespace/:namespaceId',
    lazy: async () => {
      const { NamespaceDetailsRoute } = await import('./namespace-details-page');
      return { Component: NamespaceDetailsRoute };
    },
  },
  {
    id: 'createNamespaceWizard',
    path: 'createNamespaceWizard',
    lazy: async () => {
      const { CreateNamespaceWizardPage } = await import('./namespace-wizard-page');
      return { Component: CreateNamespaceWizardPage };
    },
  },
  {
    id: 'editNamespaceWizard',
    path: 'editNamespaceWizard/:namespaceId',
    lazy: async () => {
      const { EditNamespaceWizardPage } = await import('./namespace-wizard-page');
      return { Component: EditNamespaceWizardPage };
    },
  },
];
