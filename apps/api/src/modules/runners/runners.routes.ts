import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createRunnerGroup,
  createRunnerGroupToken,
  deleteRunnerGroup,
  listHeartbeats,
  listRunnerGroupRunners,
  listRunnerGroups,
  listRunnerGroupTokens,
  revokeRunnerGroupToken,
  updateRunnerGroup,
  type RunnersDeps,
} from './runners.service';

export const runnersOperations = (deps: RunnersDeps) =>
  defineOperations({
    listRunnerHeartbeats: userOperation(async (actor, { query }) => list(await listHeartbeats(deps, actor, query.updatedInTheLastHours))),
    listRunnerGroups: userOperation(async (actor, { query }) => listRunnerGroups(deps, actor, query)),
    createRunnerGroup: userOperation(async (actor, { entity }) => single(await createRunnerGroup(deps, actor, entity))),
    updateRunnerGroup: userOperation(async (actor, { params, entity }) => single(await updateRunnerGroup(deps, actor, params.groupId, entity))),
    deleteRunnerGroup: userOperation(async (actor, { params }) => {
      await deleteRunnerGroup(deps, actor, params.groupId);
      return single({});
    }),
    listRunnerGroupRunners: userOperation(async (actor, { params, query }) => listRunnerGroupRunners(deps, actor, params.groupId, query)),
    listRunnerGroupTokens: userOperation(async (actor, { params }) => list(await listRunnerGroupTokens(deps, actor, params.groupId))),
    createRunnerGroupToken: userOperation(async (actor, { params, entity }) => single(await createRunnerGroupToken(deps, actor, params.groupId, entity))),
    revokeRunnerGroupToken: userOperation(async (actor, { params }) => {
      await revokeRunnerGroupToken(deps, actor, params.groupId, params.tokenId);
      return single({});
    }),
  });
