import { publicOperation, single, userOperation, type OperationRegistry } from '../../http/operation-registry';
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

export function mfaOperations(deps: MfaDeps): OperationRegistry {
  return {
    signInWithMfaPotentialSession: publicOperation(async ({ entity }) => {
      const e = entity as { waitingMfaPotentialSessionId: string; mfaCode: string };
      return single(await signInWithMfa(deps, e.waitingMfaPotentialSessionId, e.mfaCode));
    }),
    generateMfaWithAddMfaSession: publicOperation(async ({ entity }) =>
      single(await generateWithAddMfaSession(deps, (entity as { addMfaSessionId: string }).addMfaSessionId)),
    ),
    configureMfaWithAddMfaSession: publicOperation(async ({ entity }) => {
      const e = entity as { addMfaSessionId: string; mfaCode: string };
      return single(await configureWithAddMfaSession(deps, e.addMfaSessionId, e.mfaCode));
    }),
    generateMfa: userOperation(async (actor) => single(await generateMfa(deps, actor))),
    configureMfa: userOperation(async (actor, { entity }) =>
      single(await configureMfa(deps, actor, (entity as { mfaCode: string }).mfaCode)),
    ),
    confirmMfa: publicOperation(async ({ entity }) =>
      single(await confirmMfa(deps, (entity as { confirmationToken: string }).confirmationToken)),
    ),
    disableMfa: userOperation(async (actor, { entity }) =>
      single(await disableMfa(deps, actor, (entity as { mfaCode: string }).mfaCode)),
    ),
  };
}
