import type { Schemas } from '../../http/contract-types';
import { publicOperation, single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  acceptInvite,
  createUserFromInvite,
  inviteUser,
  recoverPassword,
  resetPassword,
  type InvitationsDeps,
} from './invitations.service';

export function invitationsOperations(deps: InvitationsDeps): OperationRegistry {
  return {
    inviteUser: userOperation(async (actor, { entity }) =>
      single(await inviteUser(deps, actor, entity as Schemas['InvitationInput'])),
    ),
    createUserFromInvite: publicOperation(async ({ entity }) =>
      single(await createUserFromInvite(deps, entity as Schemas['CreateUserFromInviteInput'])),
    ),
    acceptInvite: publicOperation(async ({ entity }) =>
      single(await acceptInvite(deps, (entity as Schemas['AcceptInviteInput']).invitationToken)),
    ),
    recoverPassword: publicOperation(async ({ entity }) =>
      single(await recoverPassword(deps, (entity as Schemas['RecoverPasswordInput']).email)),
    ),
    resetPassword: publicOperation(async ({ entity }) => {
      const e = entity as Schemas['ResetPasswordInput'];
      return single(await resetPassword(deps, e.resetToken, e.password));
    }),
  };
}
