import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createProgrammaticUser,
  createToken,
  deleteProgrammaticUser,
  getProgrammaticUser,
  listProgrammaticUsers,
  listTokens,
  revokeToken,
  updateProgrammaticUser,
  type ProgrammaticUserCreateInput,
  type ProgrammaticUsersDeps,
  type ProgrammaticUserTokenCreateInput,
  type ProgrammaticUserUpdateInput,
} from './programmatic-users.service';

// Entities and parameters are validated against the description before a handler runs.

export function programmaticUsersOperations(deps: ProgrammaticUsersDeps): OperationRegistry {
  const id = (params: Record<string, string>) => params['programmaticUserId'] as string;
  return {
    listProgrammaticUsers: userOperation((actor, { query }) =>
      listProgrammaticUsers(deps, actor, {
        programmaticUserId: query['programmaticUserId'] as string | undefined,
        programmaticUserName: query['programmaticUserName'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createProgrammaticUser: userOperation(async (actor, { entity }) =>
      single(await createProgrammaticUser(deps, actor, entity as ProgrammaticUserCreateInput)),
    ),
    getProgrammaticUser: userOperation(async (actor, { params }) => single(await getProgrammaticUser(deps, actor, id(params)))),
    updateProgrammaticUser: userOperation(async (actor, { params, entity }) =>
      single(await updateProgrammaticUser(deps, actor, id(params), entity as ProgrammaticUserUpdateInput)),
    ),
    deleteProgrammaticUser: userOperation(async (actor, { params }) => single(await deleteProgrammaticUser(deps, actor, id(params)))),
    listProgrammaticUserTokens: userOperation(async (actor, { params }) => ({ items: await listTokens(deps, actor, id(params)) })),
    createProgrammaticUserToken: userOperation(async (actor, { params, entity }) =>
      single(await createToken(deps, actor, id(params), entity as ProgrammaticUserTokenCreateInput)),
    ),
    revokeProgrammaticUserToken: userOperation(async (actor, { params }) =>
      single(await revokeToken(deps, actor, id(params), params['tokenId'] as string)),
    ),
  };
}
