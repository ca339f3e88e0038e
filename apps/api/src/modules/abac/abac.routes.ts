import { single, userOperation, type OperationRegistry } from '../../http/operation-registry';
import {
  createAbacConfiguration,
  deleteAbacConfiguration,
  getAbacConfiguration,
  listAbacConfigurations,
  updateAbacConfiguration,
  type AbacDeps,
  type CustomAbacConfigurationCreateInput,
  type CustomAbacConfigurationUpdateInput,
} from './abac.service';

// Entities and parameters are validated against the description before a handler runs.

export function abacOperations(deps: AbacDeps): OperationRegistry {
  const id = (params: Record<string, string>) => params['customAbacConfigurationId'] as string;
  return {
    listCustomAbacConfigurations: userOperation((actor, { query }) =>
      listAbacConfigurations(deps, actor, {
        customAbacConfigurationId: query['customAbacConfigurationId'] as string | undefined,
        customAbacId: query['customAbacId'] as string | undefined,
        page: query['page'] as number,
        pageSize: query['pageSize'] as number,
      }),
    ),
    createCustomAbacConfiguration: userOperation(async (actor, { entity }) =>
      single(await createAbacConfiguration(deps, actor, entity as CustomAbacConfigurationCreateInput)),
    ),
    getCustomAbacConfiguration: userOperation(async (actor, { params }) => single(await getAbacConfiguration(deps, actor, id(params)))),
    updateCustomAbacConfiguration: userOperation(async (actor, { params, entity }) =>
      single(await updateAbacConfiguration(deps, actor, id(params), entity as CustomAbacConfigurationUpdateInput)),
    ),
    deleteCustomAbacConfiguration: userOperation(async (actor, { params }) =>
      single(await deleteAbacConfiguration(deps, actor, id(params))),
    ),
  };
}
