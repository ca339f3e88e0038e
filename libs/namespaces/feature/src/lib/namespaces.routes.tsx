import type { RouteObject } from 'react-router';

/** The Namespaces domain's routes; the console app only composes them. */
export const namespacesRoutes: RouteObject[] = [
  {
    path: 'namespaces',
    lazy: async () => {
      const { NamespacesHomePage } = await import('./namespaces-home-page');
      return { Component: NamespacesHomePage };
    },
  },
];
