import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createStackDependency,
  deleteStackDependency,
  getStackDependency,
  getStackDependencyGraph,
  listStackDependencies,
  updateStackDependency,
  type StackDependenciesDeps,
} from './stack-dependencies.service';

export const stackDependenciesOperations = (deps: StackDependenciesDeps) =>
  defineOperations({
    listStackDependencies: userOperation(async (actor, { query }) => list(await listStackDependencies(deps, actor, query))),
    createStackDependency: userOperation(async (actor, { entity }) => single(await createStackDependency(deps, actor, entity))),
    getStackDependency: userOperation(async (actor, { params }) => single(await getStackDependency(deps, actor, params.dependencyId))),
    updateStackDependency: userOperation(async (actor, { params, entity }) => single(await updateStackDependency(deps, actor, params.dependencyId, entity))),
    deleteStackDependency: userOperation(async (actor, { params }) => single(await deleteStackDependency(deps, actor, params.dependencyId))),
    getStackDependencyGraph: userOperation(async (actor, { query }) => single(await getStackDependencyGraph(deps, actor, query))),
  });
