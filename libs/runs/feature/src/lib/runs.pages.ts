import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The runs pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const runsPages = {
  plan: lazyPage(() => import('./run-page').then((m) => m.PlanRoute)),
  deployment: lazyPage(() => import('./run-page').then((m) => m.DeploymentRoute)),
  task: lazyPage(() => import('./run-page').then((m) => m.TaskRoute)),
  remoteRun: lazyPage(() => import('./remote-run-page').then((m) => m.RemoteRunPage)),
  activeRuns: lazyPage(() => import('./active-runs-page').then((m) => m.ActiveRunsPage)),
} satisfies AppPages;
