import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  approveDeployment,
  approveDeploymentFailedPolicies,
  cancelDeployment,
  cancelPlan,
  cancelTask,
  createComment,
  createDeployment,
  createPlan,
  createTask,
  deploymentKinds,
  forceStartDeployment,
  forceStartPlan,
  getDeployment,
  getLatestDeployment,
  getPlan,
  getRemoteRunDetails,
  getRunState,
  getTask,
  listComments,
  listDeployments,
  listPlans,
  listRuns,
  listTasks,
  planKinds,
  taskKinds,
  type RunsDeps,
} from './runs.service';

// Every run operation of openapi/domains/runs.yaml but the log stream (runner protocol), external
// pipelines and interactive processes (not built yet: 501) and the IaC versions (iac-versions).
export const runsOperations = (deps: RunsDeps) =>
  defineOperations({
    listRuns: userOperation((actor, { query }) => listRuns(deps, actor, query)),

    listPlans: userOperation((actor, { query }) => listPlans(deps, actor, query)),
    createPlan: userOperation(async (actor, { entity }) => single(await createPlan(deps, actor, entity))),
    getPlan: userOperation(async (actor, { params }) => single(await getPlan(deps, actor, params.planId))),
    cancelPlan: userOperation(async (actor, { query }) => single(await cancelPlan(deps, actor, query.planId))),
    forceStartPlan: userOperation(async (actor, { query }) => single(await forceStartPlan(deps, actor, query.planId))),
    getPlanState: userOperation(async (actor, { query }) => single(await getRunState(deps, actor, query.planId, planKinds, false))),
    getPlanStateV2: userOperation(async (actor, { query }) => single(await getRunState(deps, actor, query.planId, planKinds, true))),

    listDeployments: userOperation((actor, { query }) => listDeployments(deps, actor, query)),
    createDeployment: userOperation(async (actor, { entity }) => single(await createDeployment(deps, actor, entity))),
    getDeployment: userOperation(async (actor, { params }) => single(await getDeployment(deps, actor, params.deploymentId))),
    approveDeployment: userOperation(async (actor, { query }) => single(await approveDeployment(deps, actor, query.deploymentId))),
    approveDeploymentFailedPolicies: userOperation(async (actor, { query }) =>
      single(await approveDeploymentFailedPolicies(deps, actor, query.deploymentId)),
    ),
    cancelDeployment: userOperation(async (actor, { query }) => single(await cancelDeployment(deps, actor, query.deploymentId, query.force === true))),
    forceStartDeployment: userOperation(async (actor, { query }) => single(await forceStartDeployment(deps, actor, query.deploymentId))),
    getLatestDeployment: userOperation(async (actor, { query }) => list(await getLatestDeployment(deps, actor, query.stackId))),
    getDeploymentState: userOperation(async (actor, { query }) =>
      single(await getRunState(deps, actor, query.deploymentId, deploymentKinds, false)),
    ),
    getDeploymentStateV2: userOperation(async (actor, { query }) =>
      single(await getRunState(deps, actor, query.deploymentId, deploymentKinds, true)),
    ),

    listTasks: userOperation((actor, { query }) => listTasks(deps, actor, query)),
    createTask: userOperation(async (actor, { entity }) => single(await createTask(deps, actor, entity))),
    getTask: userOperation(async (actor, { params }) => single(await getTask(deps, actor, params.taskId))),
    cancelTask: userOperation(async (actor, { query }) => single(await cancelTask(deps, actor, query.taskId))),
    getTaskState: userOperation(async (actor, { query }) => single(await getRunState(deps, actor, query.taskId, taskKinds, true))),

    getRemoteRunDetails: userOperation(async (actor, { query }) => single(await getRemoteRunDetails(deps, actor, query.runId))),

    listComments: userOperation(async (actor, { query }) => list(await listComments(deps, actor, query.runId))),
    createComment: userOperation(async (actor, { entity }) => single(await createComment(deps, actor, entity))),
  });
