import { defineOperations, list, userOperation } from '../../http/operation-registry';
import { listHeartbeats, type RunnersDeps } from './runners.service';

export const runnersOperations = (deps: RunnersDeps) =>
  defineOperations({
    listRunnerHeartbeats: userOperation(async (actor, { query }) => list(await listHeartbeats(deps, actor, query.updatedInTheLastHours))),
  });
