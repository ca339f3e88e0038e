import { publicOperation, single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  getCurrentUser,
  getUserOrgRole,
  listAllowedOrganizations,
  listUsers,
  registerAzureMarketplace,
  removeMember,
  updateMemberRole,
  signIn,
  signOut,
  signUp,
  tradeSession,
  type MarketplaceDeps,
  type SignUpInput,
} from './accounts.service';

// Entities are validated against the description before a handler runs, so the casts below
// only name the shape the validator already enforced.

export function accountsOperations(deps: MarketplaceDeps): OperationRegistry {
  const signUpHandler = publicOperation(async ({ entity }) => single(await signUp(deps, entity as SignUpInput)));
  return {
    signUp: signUpHandler,
    signUpLegacy: signUpHandler,
    registerAwsMarketplace: publicOperation(async ({ entity }) =>
      single(await signUp(deps, entity as SignUpInput, 'aws')),
    ),
    registerAzureMarketplace: publicOperation(async ({ query }) =>
      single(await registerAzureMarketplace(deps, query['token'] as string)),
    ),
    signIn: publicOperation(async ({ entity, ip }) => {
      const { email, password } = entity as { email: string; password: string };
      return single(await signIn(deps, email, password, ip));
    }),
    signOut: userOperation(async (actor) => single(await signOut(deps, actor))),
    tradeSession: userOperation(async (actor, { query }) =>
      single(await tradeSession(deps, actor, query['desiredOrganizationId'] as string)),
    ),
    getCurrentUser: userOperation(async (actor) => single(await getCurrentUser(deps, actor))),
    getUserOrgRole: userOperation(async (actor) => single(await getUserOrgRole(deps, actor))),
    listUserAllowedOrganizations: userOperation(async (actor) => ({
      items: await listAllowedOrganizations(deps, actor),
    })),
    updateOrganizationUser: userOperation(async (actor, { params, entity }) =>
      single(await updateMemberRole(deps, actor, params['userId'] as string, (entity as { role: string }).role)),
    ),
    removeOrganizationUser: userOperation(async (actor, { params }) =>
      single(await removeMember(deps, actor, params['userId'] as string)),
    ),
    listOrganizationUsers: userOperation((actor, { query }) =>
      listUsers(deps, actor, {
        email: query['email'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
  };
}
