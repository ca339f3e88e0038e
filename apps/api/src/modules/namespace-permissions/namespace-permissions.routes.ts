import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createNamespacePermission,
  deleteNamespacePermission,
  listNamespacePermissions,
  type NamespacePermissionInput,
  type NamespacePermissionKey,
  type NamespacePermissionsDeps,
} from './namespace-permissions.service';

// Entities and parameters are validated against the description before a handler runs.

export function namespacePermissionsOperations(deps: NamespacePermissionsDeps): OperationRegistry {
  return {
    listNamespacePermissions: userOperation((actor, { query }) =>
      listNamespacePermissions(deps, actor, {
        namespaceId: query['namespaceId'] as string | undefined,
        stackId: query['stackId'] as string | undefined,
        teamId: query['teamId'] as string | undefined,
        userEmail: query['userEmail'] as string | undefined,
        programmaticUserName: query['programmaticUserName'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await createNamespacePermission(deps, actor, entity as NamespacePermissionInput)),
    ),
    deleteNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await deleteNamespacePermission(deps, actor, entity as NamespacePermissionKey)),
    ),
  };
}
