import { defineOperations, publicOperation, single, userOperation } from '../../http/operation-registry';
import {
  configureMfa,
  confirmMfa,
  configureWithAddMfaSession,
  disableMfa,
  generateMfa,
  generateWithAddMfaSession,
  signInWithMfa,
  type MfaDeps,
} from './mfa.service';

export const mfaOperations = (deps: MfaDeps) =>
  defineOperations({
    signInWithMfaPotentialSession: publicOperation(async ({ entity }) =>
      single(await signInWithMfa(deps, entity.waitingMfaPotentialSessionId, entity.mfaCode)),
    ),
    generateMfaWithAddMfaSession: publicOperation(async ({ entity }) => single(await generateWithAddMfaSession(deps, entity.addMfaSessionId))),
    configureMfaWithAddMfaSession: publicOperation(async ({ entity }) =>
      single(await configureWithAddMfaSession(deps, entity.addMfaSessionId, entity.mfaCode)),
    ),
    generateMfa: userOperation(async (actor) => single(await generateMfa(deps, actor))),
    configureMfa: userOperation(async (actor, { entity }) => single(await configureMfa(deps, actor, entity.mfaCode))),
    confirmMfa: publicOperation(async ({ entity }) => single(await confirmMfa(deps, entity.confirmationToken))),
    disableMfa: userOperation(async (actor, { entity }) => single(await disableMfa(deps, actor, entity.mfaCode))),
  });
