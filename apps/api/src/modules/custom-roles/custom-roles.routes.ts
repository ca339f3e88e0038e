import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createCustomRole,
  deleteCustomRole,
  getCustomRole,
  listCustomRoles,
  updateCustomRole,
  type CustomRoleCreateInput,
  type CustomRolesDeps,
  type CustomRoleUpdateInput,
} from './custom-roles.service';

// Entities and parameters are validated against the description before a handler runs.

export function customRolesOperations(deps: CustomRolesDeps): OperationRegistry {
  return {
    listCustomRoles: userOperation((actor, { query }) =>
      listCustomRoles(deps, actor, {
        customRoleId: query['customRoleId'] as string | undefined,
        customRoleName: query['customRoleName'] as string | undefined,
        type: query['type'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createCustomRole: userOperation(async (actor, { entity }) => single(await createCustomRole(deps, actor, entity as CustomRoleCreateInput))),
    getCustomRole: userOperation(async (actor, { params }) => single(await getCustomRole(deps, actor, params['customRoleId'] as string))),
    updateCustomRole: userOperation(async (actor, { params, entity }) =>
      single(await updateCustomRole(deps, actor, params['customRoleId'] as string, entity as CustomRoleUpdateInput)),
    ),
    deleteCustomRole: userOperation(async (actor, { params }) => single(await deleteCustomRole(deps, actor, params['customRoleId'] as string))),
  };
}
