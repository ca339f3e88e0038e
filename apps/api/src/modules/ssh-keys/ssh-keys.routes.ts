import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createGitSigningKey,
  createSshKey,
  deleteGitSigningKey,
  deleteSshKey,
  listGitSigningKeys,
  listSshKeys,
  setPrimaryGitSigningKey,
  setPrimarySshKey,
  updateGitSigningKey,
  updateSshKey,
  type SshKeysDeps,
} from './ssh-keys.service';

export const sshKeysOperations = (deps: SshKeysDeps) =>
  defineOperations({
    listSshKeys: userOperation(async (actor, { query }) => list(await listSshKeys(deps, actor, query))),
    createSshKey: userOperation(async (actor, { entity }) => single(await createSshKey(deps, actor, entity))),
    updateSshKey: userOperation(async (actor, { params, entity }) => single(await updateSshKey(deps, actor, params.keyId, entity))),
    deleteSshKey: userOperation(async (actor, { params }) => single(await deleteSshKey(deps, actor, params.keyId))),
    setPrimarySshKey: userOperation(async (actor, { params }) => single(await setPrimarySshKey(deps, actor, params.keyId))),
    listGitSigningKeys: userOperation(async (actor, { query }) => list(await listGitSigningKeys(deps, actor, query))),
    createGitSigningKey: userOperation(async (actor, { entity }) => single(await createGitSigningKey(deps, actor, entity))),
    updateGitSigningKey: userOperation(async (actor, { params, entity }) =>
      single(await updateGitSigningKey(deps, actor, params.keyId, entity)),
    ),
    deleteGitSigningKey: userOperation(async (actor, { params }) => single(await deleteGitSigningKey(deps, actor, params.keyId))),
    setPrimaryGitSigningKey: userOperation(async (actor, { params }) => single(await setPrimaryGitSigningKey(deps, actor, params.keyId))),
  });
