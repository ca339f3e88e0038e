import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  removeOrganizationUser,
  updateOrganizationUser,
  type OrganizationUsersDeps,
  type OrganizationUserUpdateInput,
} from './organization-users.service';

// Entities and parameters are validated against the description before a handler runs.

export function organizationUsersOperations(deps: OrganizationUsersDeps): OperationRegistry {
  return {
    updateOrganizationUser: userOperation(async (actor, { params, entity }) =>
      single(await updateOrganizationUser(deps, actor, params['userId'] as string, entity as OrganizationUserUpdateInput)),
    ),
    removeOrganizationUser: userOperation(async (actor, { params }) =>
      single(await removeOrganizationUser(deps, actor, params['userId'] as string)),
    ),
  };
}
