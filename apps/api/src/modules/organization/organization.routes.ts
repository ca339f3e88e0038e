import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  deleteConfiguration,
  getCapabilities,
  getConfiguration,
  getOrganization,
  getSignInSettings,
  putConfiguration,
  putSignInSettings,
  type OrganizationDeps,
} from './organization.service';

export const organizationOperations = (deps: OrganizationDeps) =>
  defineOperations({
    getOrganization: userOperation(async (actor) => single(await getOrganization(deps, actor))),
    getOrganizationCapabilities: userOperation(async (actor) => single(await getCapabilities(deps, actor))),
    getOrganizationConfiguration: userOperation(async (actor) => list(await getConfiguration(deps, actor))),
    putOrganizationConfiguration: userOperation(async (actor, { entity }) => single(await putConfiguration(deps, actor, entity))),
    deleteOrganizationConfiguration: userOperation(async (actor) => list(await deleteConfiguration(deps, actor))),
    getSignInSettings: userOperation(async (actor) => single(await getSignInSettings(deps, actor))),
    putSignInSettings: userOperation(async (actor, { entity }) => single(await putSignInSettings(deps, actor, entity))),
  });
