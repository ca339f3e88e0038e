import { lazyPage, type AppPages } from '@terrace/session';

/** The dashboard page by route id (the default home page, spec console-shell §2.3). */
export const dashboardPages = {
  dashboard: lazyPage(() => import('./dashboard-page').then((m) => m.DashboardRoute)),
} satisfies AppPages;
