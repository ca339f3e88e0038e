import type { Schemas } from '../../http/contract-types';
import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import type { AccountsDeps } from './accounts.service';
import {
  createPersonalAccessToken,
  listPersonalAccessTokens,
  revokePersonalAccessToken,
} from './personal-access-tokens.service';
import { changePassword, getProfile, updateProfile } from './user-profile.service';

/** The signed-in user's own account: profile, password and personal access tokens. */
export function userProfileOperations(deps: AccountsDeps): OperationRegistry {
  return {
    getUserProfile: userOperation(async (actor) => single(await getProfile(deps, actor))),
    updateUserProfile: userOperation(async (actor, { entity }) =>
      single(await updateProfile(deps, actor, entity as Schemas['UserProfileUpdateInput'])),
    ),
    changeUserPassword: userOperation(async (actor, { entity }) =>
      single(await changePassword(deps, actor, entity as Schemas['PasswordChangeInput'])),
    ),
    listPersonalAccessTokens: userOperation(async (actor) => ({
      items: await listPersonalAccessTokens(deps, actor),
    })),
    createPersonalAccessToken: userOperation(async (actor, { entity }) =>
      single(
        await createPersonalAccessToken(deps, actor, entity as Schemas['PersonalAccessTokenInput']),
      ),
    ),
    revokePersonalAccessToken: userOperation(async (actor, { params }) =>
      single(
        await revokePersonalAccessToken(deps, actor, params['personalAccessTokenId'] as string),
      ),
    ),
  };
}
