import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  addTeamUser,
  createTeam,
  deleteTeam,
  getTeam,
  listTeams,
  listTeamUsers,
  removeTeamUser,
  updateTeam,
  type TeamCreateInput,
  type TeamsDeps,
  type TeamUpdateInput,
  type TeamUserKey,
} from './teams.service';

// Entities and parameters are validated against the description before a handler runs; the
// casts only name the shape the validator enforced.

export function teamsOperations(deps: TeamsDeps): OperationRegistry {
  return {
    listTeams: userOperation((actor, { query }) =>
      listTeams(deps, actor, {
        teamId: query['teamId'] as string | undefined,
        teamName: query['teamName'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createTeam: userOperation(async (actor, { entity }) => single(await createTeam(deps, actor, entity as TeamCreateInput))),
    getTeam: userOperation(async (actor, { params }) => single(await getTeam(deps, actor, params['teamId'] as string))),
    updateTeam: userOperation(async (actor, { params, entity }) =>
      single(await updateTeam(deps, actor, params['teamId'] as string, entity as TeamUpdateInput)),
    ),
    deleteTeam: userOperation(async (actor, { params }) => single(await deleteTeam(deps, actor, params['teamId'] as string))),
    listTeamUsers: userOperation((actor, { query }) =>
      listTeamUsers(deps, actor, {
        teamId: query['teamId'] as string | undefined,
        userEmail: query['userEmail'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createTeamUser: userOperation(async (actor, { entity }) => single(await addTeamUser(deps, actor, entity as TeamUserKey))),
    deleteTeamUser: userOperation(async (actor, { entity }) => single(await removeTeamUser(deps, actor, entity as TeamUserKey))),
  };
}
