import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import * as abac from './custom-abac.service';
import * as customRoles from './custom-roles.service';
import type { IamDeps } from './iam-deps';
import * as namespacePermissions from './namespace-permissions.service';
import * as programmaticUsers from './programmatic-users.service';
import * as teams from './teams.service';

export const iamOperations = (deps: IamDeps) =>
  defineOperations({
    listTeams: userOperation(async (actor, { query }) => list(await teams.listTeams(deps, actor, query))),
    createTeam: userOperation(async (actor, { entity }) => single(await teams.createTeam(deps, actor, entity))),
    getTeam: userOperation(async (actor, { params }) => single(await teams.getTeam(deps, actor, params.teamId))),
    updateTeam: userOperation(async (actor, { params, entity }) => single(await teams.updateTeam(deps, actor, params.teamId, entity))),
    deleteTeam: userOperation(async (actor, { params }) => single(await teams.deleteTeam(deps, actor, params.teamId))),
    listTeamUsers: userOperation(async (actor, { query }) => list(await teams.listTeamUsers(deps, actor, query.teamId))),
    addTeamUser: userOperation(async (actor, { entity }) => single(await teams.addTeamUser(deps, actor, entity))),
    removeTeamUser: userOperation(async (actor, { entity }) => single(await teams.removeTeamUser(deps, actor, entity))),

    listNamespacePermissions: userOperation(async (actor, { query }) =>
      list(await namespacePermissions.listNamespacePermissions(deps, actor, query.namespaceId)),
    ),
    createNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await namespacePermissions.createNamespacePermission(deps, actor, entity)),
    ),
    deleteNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await namespacePermissions.deleteNamespacePermission(deps, actor, entity)),
    ),

    listCustomRoles: userOperation(async (actor, { query }) => list(await customRoles.listCustomRoles(deps, actor, query))),
    createCustomRole: userOperation(async (actor, { entity }) => single(await customRoles.createCustomRole(deps, actor, entity))),
    getCustomRole: userOperation(async (actor, { params }) => single(await customRoles.getCustomRole(deps, actor, params.customRoleId))),
    updateCustomRole: userOperation(async (actor, { params, entity }) =>
      single(await customRoles.updateCustomRole(deps, actor, params.customRoleId, entity)),
    ),
    deleteCustomRole: userOperation(async (actor, { params }) => single(await customRoles.deleteCustomRole(deps, actor, params.customRoleId))),

    listCustomAbacConfigurations: userOperation(async (actor, { query }) => list(await abac.listAbac(deps, actor, query))),
    createCustomAbacConfiguration: userOperation(async (actor, { entity }) => single(await abac.createAbac(deps, actor, entity))),
    getCustomAbacConfiguration: userOperation(async (actor, { params }) =>
      single(await abac.getAbac(deps, actor, params.customAbacConfigurationId)),
    ),
    updateCustomAbacConfiguration: userOperation(async (actor, { params, entity }) =>
      single(await abac.updateAbac(deps, actor, params.customAbacConfigurationId, entity)),
    ),
    deleteCustomAbacConfiguration: userOperation(async (actor, { params }) =>
      single(await abac.deleteAbac(deps, actor, params.customAbacConfigurationId)),
    ),

    listProgrammaticUsers: userOperation(async (actor, { query }) => list(await programmaticUsers.listProgrammaticUsers(deps, actor, query))),
    createProgrammaticUser: userOperation(async (actor, { entity }) =>
      single(await programmaticUsers.createProgrammaticUser(deps, actor, entity)),
    ),
    deleteProgrammaticUser: userOperation(async (actor, { params }) =>
      single(await programmaticUsers.deleteProgrammaticUser(deps, actor, params.programmaticUserId)),
    ),
    listProgrammaticUserTokens: userOperation(async (actor, { params }) =>
      list(await programmaticUsers.listTokens(deps, actor, params.programmaticUserId)),
    ),
    createProgrammaticUserToken: userOperation(async (actor, { params, entity }) =>
      single(await programmaticUsers.createToken(deps, actor, params.programmaticUserId, entity.name, entity.expiresInDays)),
    ),
    revokeProgrammaticUserToken: userOperation(async (actor, { params }) =>
      single(await programmaticUsers.revokeToken(deps, actor, params.programmaticUserId, params.tokenId)),
    ),
  });
