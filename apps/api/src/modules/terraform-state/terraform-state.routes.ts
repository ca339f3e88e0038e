import { defineOperations, list, single, stateOperation, userOperation } from '../../http/operation-registry';
import {
  forceUnlockStackState,
  getStackOutputSecretValue,
  getStackStateLock,
  getStackStateVersionContent,
  listStackOutputs,
  listStackResources,
  listStackStateUnits,
  listStackStateVersions,
  rollbackStackState,
} from './state-history.service';
import { lockState, readState, statePrincipal, unitOf, unlockState, writeState, type TerraformStateDeps } from './terraform-state.service';

/**
 * Terraform's HTTP backend (GET / POST, LOCK or POST …/lock, UNLOCK or DELETE …/lock; the
 * WebDAV methods are routed to the same operations) and the state as the console shows it.
 */
export const terraformStateOperations = (deps: TerraformStateDeps) =>
  defineOperations({
    getTerraformState: stateOperation(async ({ credential, params }) => readState(deps, await statePrincipal(deps, credential), params.stackId)),
    putTerraformState: stateOperation(async ({ credential, params, query, body, contentMd5 }) =>
      writeState(deps, await statePrincipal(deps, credential), params.stackId, { lockId: query.ID, body, contentMd5 }),
    ),
    lockTerraformState: stateOperation(async ({ credential, params, body }) => lockState(deps, await statePrincipal(deps, credential), params.stackId, body)),
    unlockTerraformState: stateOperation(async ({ credential, params, body }) =>
      unlockState(deps, await statePrincipal(deps, credential), params.stackId, body),
    ),
    // A terragrunt stack's units: the same backend on each unit's own state.
    getTerraformUnitState: stateOperation(async ({ credential, params }) =>
      readState(deps, await statePrincipal(deps, credential), params.stackId, unitOf(params.unit)),
    ),
    putTerraformUnitState: stateOperation(async ({ credential, params, query, body, contentMd5 }) =>
      writeState(deps, await statePrincipal(deps, credential), params.stackId, { lockId: query.ID, body, contentMd5 }, unitOf(params.unit)),
    ),
    lockTerraformUnitState: stateOperation(async ({ credential, params, body }) =>
      lockState(deps, await statePrincipal(deps, credential), params.stackId, body, unitOf(params.unit)),
    ),
    unlockTerraformUnitState: stateOperation(async ({ credential, params, body }) =>
      unlockState(deps, await statePrincipal(deps, credential), params.stackId, body, unitOf(params.unit)),
    ),
    listStackStateVersions: userOperation((actor, { query }) => listStackStateVersions(deps, actor, query)),
    getStackStateVersionContent: userOperation(async (actor, { query }) => single(await getStackStateVersionContent(deps, actor, query))),
    rollbackStackState: userOperation(async (actor, { entity }) => single(await rollbackStackState(deps, actor, entity))),
    listStackStateUnits: userOperation(async (actor, { query }) => list(await listStackStateUnits(deps, actor, query.stackId))),
    getStackStateLock: userOperation(async (actor, { query }) => list(await getStackStateLock(deps, actor, query.stackId))),
    forceUnlockStackState: userOperation(async (actor, { entity }) => single(await forceUnlockStackState(deps, actor, entity))),
    listStackResources: userOperation((actor, { query }) => listStackResources(deps, actor, query)),
    listStackOutputs: userOperation(async (actor, { query }) => list(await listStackOutputs(deps, actor, query.stackId))),
    getStackOutputSecretValue: userOperation(async (actor, { entity }) => single(await getStackOutputSecretValue(deps, actor, entity))),
  });
