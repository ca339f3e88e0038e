import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createNamespace,
  deleteNamespace,
  getNamespace,
  listNamespaces,
  updateNamespace,
  type CreateNamespaceInput,
  type NamespacesDeps,
  type UpdateNamespaceInput,
} from './namespaces.service';

// Thin: the request is already validated against the description; each handler names the
// validated shape and calls one service verb.
export function namespacesOperations(deps: NamespacesDeps): OperationRegistry {
  return {
    listNamespaces: userOperation((actor, { query }) =>
      listNamespaces(deps, actor, {
        namespaceId: query['namespaceId'] as string | undefined,
        namespaceName: query['namespaceName'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createNamespace: userOperation(async (actor, { entity }) =>
      single(await createNamespace(deps, actor, entity as CreateNamespaceInput)),
    ),
    getNamespace: userOperation(async (actor, { params }) =>
      single(await getNamespace(deps, actor, params['namespaceId'] as string)),
    ),
    updateNamespace: userOperation(async (actor, { params, entity }) =>
      single(await updateNamespace(deps, actor, params['namespaceId'] as string, entity as UpdateNamespaceInput)),
    ),
    deleteNamespace: userOperation(async (actor, { params }) =>
      single(await deleteNamespace(deps, actor, params['namespaceId'] as string)),
    ),
  };
}
