import type { RouteObject } from 'react-router';

/** The Organization domain's routes; the console app only composes them. */
export const organizationRoutes: RouteObject[] = [
  {
    path: 'organization',
    lazy: async () => {
      const { OrganizationHomePage } = await import('./organization-home-page');
      return { Component: OrganizationHomePage };
    },
  },
];
