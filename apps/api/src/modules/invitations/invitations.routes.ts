import { defineOperations, publicOperation, single, userOperation } from '../../http/operation-registry';
import {
  acceptInvite,
  createUserFromInvite,
  inviteUser,
  recoverPassword,
  resetPassword,
  type InvitationsDeps,
} from './invitations.service';

export const invitationsOperations = (deps: InvitationsDeps) =>
  defineOperations({
    inviteUser: userOperation(async (actor, { entity }) => single(await inviteUser(deps, actor, entity))),
    createUserFromInvite: publicOperation(async ({ entity }) => single(await createUserFromInvite(deps, entity))),
    acceptInvite: publicOperation(async ({ entity }) => single(await acceptInvite(deps, entity.invitationToken))),
    recoverPassword: publicOperation(async ({ entity }) => single(await recoverPassword(deps, entity.email))),
    resetPassword: publicOperation(async ({ entity }) => single(await resetPassword(deps, entity.resetToken, entity.password))),
  });
