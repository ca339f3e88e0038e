import { defineOperations, single, userOperation } from '../../http/operation-registry';
import {
  createNamespace,
  deleteNamespace,
  getNamespace,
  listNamespaces,
  updateNamespace,
  type NamespacesDeps,
} from './namespaces.service';

// Thin: each handler is typed from its operation (params, query with defaults, entity, items)
// and calls one service verb.
export const namespacesOperations = (deps: NamespacesDeps) =>
  defineOperations({
    listNamespaces: userOperation((actor, { query }) => listNamespaces(deps, actor, query)),
    createNamespace: userOperation(async (actor, { entity }) => single(await createNamespace(deps, actor, entity))),
    getNamespace: userOperation(async (actor, { params }) => single(await getNamespace(deps, actor, params.namespaceId))),
    updateNamespace: userOperation(async (actor, { params, entity }) =>
      single(await updateNamespace(deps, actor, params.namespaceId, entity)),
    ),
    deleteNamespace: userOperation(async (actor, { params }) => single(await deleteNamespace(deps, actor, params.namespaceId))),
  });
