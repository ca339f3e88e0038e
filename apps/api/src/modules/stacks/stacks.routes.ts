import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createStack,
  deleteStack,
  extendStackTtl,
  getStack,
  getStackInitializationStatus,
  listStacks,
  moveStack,
  updateStack,
  type StacksDeps,
} from './stacks.service';

export const stacksOperations = (deps: StacksDeps) =>
  defineOperations({
    listStacks: userOperation((actor, { query }) => listStacks(deps, actor, query)),
    createStack: userOperation(async (actor, { entity }) => single(await createStack(deps, actor, entity.stack))),
    getStack: userOperation(async (actor, { params }) => single(await getStack(deps, actor, params.stackId))),
    updateStack: userOperation(async (actor, { params, entity }) => single(await updateStack(deps, actor, params.stackId, entity))),
    deleteStack: userOperation(async (actor, { params }) => {
      await deleteStack(deps, actor, params.stackId);
      return list([]);
    }),
    moveStack: userOperation(async (actor, { params, entity }) =>
      single(await moveStack(deps, actor, params.stackId, entity.namespaceId)),
    ),
    extendStackTtl: userOperation(async (actor, { params, entity }) =>
      single(await extendStackTtl(deps, actor, params.stackId, entity.ttl)),
    ),
    getStackInitializationStatus: userOperation(async (actor, { query }) =>
      single(await getStackInitializationStatus(deps, actor, query.stackId)),
    ),
  });
