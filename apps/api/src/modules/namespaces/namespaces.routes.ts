import type { QueryOf, Schemas } from '../../http/contract-types';
import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createNamespace,
  deleteNamespace,
  getNamespace,
  listNamespaces,
  updateNamespace,
  type NamespacesDeps,
} from './namespaces.service';

// Thin: the request is already validated against the description; each handler names the
// validated shape and calls one service verb.
export function namespacesOperations(deps: NamespacesDeps): OperationRegistry {
  return {
    listNamespaces: userOperation((actor, { query }) => {
      const q = query as QueryOf<'listNamespaces'>;
      return listNamespaces(deps, actor, { ...q, page: q.page ?? 1, pageSize: q.pageSize ?? 100 });
    }),
    createNamespace: userOperation(async (actor, { entity }) =>
      single(await createNamespace(deps, actor, entity as Schemas['NamespaceCreateInput'])),
    ),
    getNamespace: userOperation(async (actor, { params }) =>
      single(await getNamespace(deps, actor, params['namespaceId'] as string)),
    ),
    updateNamespace: userOperation(async (actor, { params, entity }) =>
      single(await updateNamespace(deps, actor, params['namespaceId'] as string, entity as Schemas['NamespaceUpdateInput'])),
    ),
    deleteNamespace: userOperation(async (actor, { params }) =>
      single(await deleteNamespace(deps, actor, params['namespaceId'] as string)),
    ),
  };
}
