import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
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

export function organizationOperations(deps: OrganizationDeps): OperationRegistry {
  return {
    getOrganization: userOperation(async (actor) => single(await getOrganization(deps, actor))),
    getOrganizationCapabilities: userOperation(async (actor) => single(await getCapabilities(deps, actor))),
    getOrganizationConfiguration: userOperation(async (actor) => ({ items: await getConfiguration(deps, actor) })),
    putOrganizationConfiguration: userOperation(async (actor, { entity }) =>
      single(await putConfiguration(deps, actor, entity as Record<string, unknown>)),
    ),
    deleteOrganizationConfiguration: userOperation(async (actor) => ({ items: await deleteConfiguration(deps, actor) })),
    getSignInSettings: userOperation(async (actor) => single(await getSignInSettings(deps, actor))),
    putSignInSettings: userOperation(async (actor, { entity }) =>
      single(await putSignInSettings(deps, actor, entity as Parameters<typeof putSignInSettings>[2])),
    ),
  };
}
