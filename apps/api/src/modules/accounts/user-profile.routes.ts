import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import type { AccountsDeps } from './accounts.service';
import { createPersonalAccessToken, listPersonalAccessTokens, revokePersonalAccessToken } from './personal-access-tokens.service';
import { changePassword, getProfile, updateProfile } from './user-profile.service';

/** The signed-in user's own account: profile, password and personal access tokens. */
export const userProfileOperations = (deps: AccountsDeps) =>
  defineOperations({
    getUserProfile: userOperation(async (actor) => single(await getProfile(deps, actor))),
    updateUserProfile: userOperation(async (actor, { entity }) => single(await updateProfile(deps, actor, entity))),
    changeUserPassword: userOperation(async (actor, { entity }) => single(await changePassword(deps, actor, entity))),
    listPersonalAccessTokens: userOperation(async (actor) => list(await listPersonalAccessTokens(deps, actor))),
    createPersonalAccessToken: userOperation(async (actor, { entity }) => single(await createPersonalAccessToken(deps, actor, entity))),
    revokePersonalAccessToken: userOperation(async (actor, { params }) =>
      single(await revokePersonalAccessToken(deps, actor, params.personalAccessTokenId)),
    ),
  });
