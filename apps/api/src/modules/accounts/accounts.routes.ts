import { defineOperations, list, publicOperation, single, userOperation } from '../../http/operation-registry';
import {
  getCurrentUser,
  getUserOrgRole,
  listAllowedOrganizations,
  registerAzureMarketplace,
  signUp,
  type MarketplaceDeps,
} from './accounts.service';
import { listUsers, removeMember, updateMemberRole } from './organization-users.service';
import { signIn, signOut, tradeSession } from './sessions.service';

export const accountsOperations = (deps: MarketplaceDeps) =>
  defineOperations({
    signUp: publicOperation(async ({ entity }) => single(await signUp(deps, entity))),
    signUpLegacy: publicOperation(async ({ entity }) => single(await signUp(deps, entity))),
    registerAwsMarketplace: publicOperation(async ({ entity }) => single(await signUp(deps, entity, 'aws'))),
    registerAzureMarketplace: publicOperation(async ({ query }) => single(await registerAzureMarketplace(deps, query.token))),
    signIn: publicOperation(async ({ entity, ip }) => single(await signIn(deps, entity.email, entity.password, ip))),
    signOut: userOperation(async (actor) => single(await signOut(deps, actor))),
    tradeSession: userOperation(async (actor, { query }) => single(await tradeSession(deps, actor, query.desiredOrganizationId))),
    getCurrentUser: userOperation(async (actor) => single(await getCurrentUser(deps, actor))),
    getUserOrgRole: userOperation(async (actor) => single(await getUserOrgRole(deps, actor))),
    listUserAllowedOrganizations: userOperation(async (actor) => list(await listAllowedOrganizations(deps, actor))),
    updateOrganizationUser: userOperation(async (actor, { params, entity }) =>
      single(await updateMemberRole(deps, actor, params.userId, entity.role)),
    ),
    removeOrganizationUser: userOperation(async (actor, { params }) => single(await removeMember(deps, actor, params.userId))),
    listOrganizationUsers: userOperation((actor, { query }) => listUsers(deps, actor, query)),
  });
