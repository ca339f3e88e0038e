import { defineOperations, single, userOperation } from '../../http/operation-registry';
import { getAutomationOverview, type DashboardDeps } from './dashboard.service';

export const dashboardOperations = (deps: DashboardDeps) =>
  defineOperations({
    getAutomationOverview: userOperation(async (actor) => single(await getAutomationOverview(deps, actor))),
  });
