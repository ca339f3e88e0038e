import { userOperation, type OperationRegistry } from '../../http/operation-registry';
import { listHeartbeats, type RunnersDeps } from './runners.service';

export function runnersOperations(deps: RunnersDeps): OperationRegistry {
  return {
    listRunnerHeartbeats: userOperation(async (actor, { query }) => ({
      items: await listHeartbeats(deps, actor, query['updatedInTheLastHours'] as number),
    })),
  };
}
