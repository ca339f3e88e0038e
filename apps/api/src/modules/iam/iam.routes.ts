import type { QueryOf, Schemas } from '../../http/contract-types';
import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import * as iam from './iam.service';

const items = (list: unknown[]) => ({ items: list });

export function iamOperations(deps: iam.IamDeps): OperationRegistry {
  return {
    listTeams: userOperation(async (actor, { query }) => items(await iam.listTeams(deps, actor, query as QueryOf<'listTeams'>))),
    createTeam: userOperation(async (actor, { entity }) => single(await iam.createTeam(deps, actor, entity as Schemas['TeamInput']))),
    getTeam: userOperation(async (actor, { params }) => single(await iam.getTeam(deps, actor, params['teamId'] as string))),
    updateTeam: userOperation(async (actor, { params, entity }) =>
      single(await iam.updateTeam(deps, actor, params['teamId'] as string, entity as Schemas['TeamUpdateInput'])),
    ),
    deleteTeam: userOperation(async (actor, { params }) => single(await iam.deleteTeam(deps, actor, params['teamId'] as string))),
    listTeamUsers: userOperation(async (actor, { query }) =>
      items(await iam.listTeamUsers(deps, actor, (query as QueryOf<'listTeamUsers'>).teamId)),
    ),
    addTeamUser: userOperation(async (actor, { entity }) => single(await iam.addTeamUser(deps, actor, entity as Schemas['TeamUserInput']))),
    removeTeamUser: userOperation(async (actor, { entity }) =>
      single(await iam.removeTeamUser(deps, actor, entity as Schemas['TeamUserInput'])),
    ),
    listNamespacePermissions: userOperation(async (actor, { query }) =>
      items(await iam.listNamespacePermissions(deps, actor, (query as QueryOf<'listNamespacePermissions'>).namespaceId)),
    ),
    createNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await iam.createNamespacePermission(deps, actor, entity as Schemas['NamespacePermissionInput'])),
    ),
    deleteNamespacePermission: userOperation(async (actor, { entity }) =>
      single(await iam.deleteNamespacePermission(deps, actor, entity as Schemas['NamespacePermissionKey'])),
    ),
    listCustomRoles: userOperation(async (actor, { query }) => items(await iam.listCustomRoles(deps, actor, query as QueryOf<'listCustomRoles'>))),
    createCustomRole: userOperation(async (actor, { entity }) =>
      single(await iam.createCustomRole(deps, actor, entity as Schemas['CustomRoleInput'])),
    ),
    getCustomRole: userOperation(async (actor, { params }) => single(await iam.getCustomRole(deps, actor, params['customRoleId'] as string))),
    updateCustomRole: userOperation(async (actor, { params, entity }) =>
      single(await iam.updateCustomRole(deps, actor, params['customRoleId'] as string, entity as Schemas['CustomRoleUpdateInput'])),
    ),
    deleteCustomRole: userOperation(async (actor, { params }) =>
      single(await iam.deleteCustomRole(deps, actor, params['customRoleId'] as string)),
    ),
    listCustomAbacConfigurations: userOperation(async (actor, { query }) =>
      items(await iam.listAbac(deps, actor, query as QueryOf<'listCustomAbacConfigurations'>)),
    ),
    createCustomAbacConfiguration: userOperation(async (actor, { entity }) =>
      single(await iam.createAbac(deps, actor, entity as Schemas['CustomAbacConfigurationInput'])),
    ),
    getCustomAbacConfiguration: userOperation(async (actor, { params }) =>
      single(await iam.getAbac(deps, actor, params['customAbacConfigurationId'] as string)),
    ),
    updateCustomAbacConfiguration: userOperation(async (actor, { params, entity }) =>
      single(
        await iam.updateAbac(deps, actor, params['customAbacConfigurationId'] as string, entity as Schemas['CustomAbacConfigurationUpdateInput']),
      ),
    ),
    deleteCustomAbacConfiguration: userOperation(async (actor, { params }) =>
      single(await iam.deleteAbac(deps, actor, params['customAbacConfigurationId'] as string)),
    ),
    listProgrammaticUsers: userOperation(async (actor, { query }) =>
      items(await iam.listProgrammaticUsers(deps, actor, query as QueryOf<'listProgrammaticUsers'>)),
    ),
    createProgrammaticUser: userOperation(async (actor, { entity }) =>
      single(await iam.createProgrammaticUser(deps, actor, entity as Schemas['ProgrammaticUserInput'])),
    ),
    deleteProgrammaticUser: userOperation(async (actor, { params }) =>
      single(await iam.deleteProgrammaticUser(deps, actor, params['programmaticUserId'] as string)),
    ),
    listProgrammaticUserTokens: userOperation(async (actor, { params }) =>
      items(await iam.listTokens(deps, actor, params['programmaticUserId'] as string)),
    ),
    createProgrammaticUserToken: userOperation(async (actor, { params, entity }) =>
      single(
        await iam.createToken(
          deps,
          actor,
          params['programmaticUserId'] as string,
          (entity as Schemas['ProgrammaticTokenInput']).name,
          (entity as Schemas['ProgrammaticTokenInput']).expiresInDays,
        ),
      ),
    ),
    revokeProgrammaticUserToken: userOperation(async (actor, { params }) =>
      single(await iam.revokeToken(deps, actor, params['programmaticUserId'] as string, params['tokenId'] as string)),
    ),
  };
}
