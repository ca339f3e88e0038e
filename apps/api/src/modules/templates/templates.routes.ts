import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createBlueprint,
  createBlueprintNamespaceMapping,
  createStackFromBlueprint,
  deleteBlueprint,
  deleteBlueprintNamespaceMapping,
  getBlueprint,
  getBlueprintStackInitializationStatus,
  listBlueprintNamespaceMappings,
  listBlueprints,
  updateBlueprint,
  type BlueprintsDeps,
} from './blueprints.service';
import {
  createStackFromTemplate,
  createTemplate,
  createTemplateNamespaceMapping,
  deleteTemplate,
  deleteTemplateNamespaceMapping,
  getTemplate,
  listEvents,
  listTemplateNamespaceMappings,
  listTemplates,
  updateTemplate,
} from './templates.service';

export const templatesOperations = (deps: BlueprintsDeps) =>
  defineOperations({
    listTemplates: userOperation((actor, { query }) => listTemplates(deps, actor, query)),
    createTemplate: userOperation(async (actor, { entity }) => single(await createTemplate(deps, actor, entity))),
    getTemplate: userOperation(async (actor, { params }) => single(await getTemplate(deps, actor, params.templateId))),
    updateTemplate: userOperation(async (actor, { params, entity }) => single(await updateTemplate(deps, actor, params.templateId, entity))),
    deleteTemplate: userOperation(async (actor, { params }) => {
      await deleteTemplate(deps, actor, params.templateId);
      return list([]);
    }),
    listTemplateNamespaceMappings: userOperation(async (actor, { query }) => list(await listTemplateNamespaceMappings(deps, actor, query))),
    createTemplateNamespaceMapping: userOperation(async (actor, { entity }) => single(await createTemplateNamespaceMapping(deps, actor, entity))),
    deleteTemplateNamespaceMapping: userOperation(async (actor, { entity }) => {
      await deleteTemplateNamespaceMapping(deps, actor, entity);
      return list([]);
    }),
    listTemplateEvents: userOperation((actor, { query }) => listEvents(deps, actor, 'template', query)),

    listBlueprints: userOperation((actor, { query }) => listBlueprints(deps, actor, query)),
    createBlueprint: userOperation(async (actor, { entity }) => single(await createBlueprint(deps, actor, entity))),
    getBlueprint: userOperation(async (actor, { params }) => single(await getBlueprint(deps, actor, params.blueprintId))),
    updateBlueprint: userOperation(async (actor, { params, entity }) => single(await updateBlueprint(deps, actor, params.blueprintId, entity))),
    deleteBlueprint: userOperation(async (actor, { params }) => {
      await deleteBlueprint(deps, actor, params.blueprintId);
      return list([]);
    }),
    listBlueprintNamespaceMappings: userOperation(async (actor, { query }) => list(await listBlueprintNamespaceMappings(deps, actor, query))),
    createBlueprintNamespaceMapping: userOperation(async (actor, { entity }) => single(await createBlueprintNamespaceMapping(deps, actor, entity))),
    deleteBlueprintNamespaceMapping: userOperation(async (actor, { entity }) => {
      await deleteBlueprintNamespaceMapping(deps, actor, entity);
      return list([]);
    }),
    listBlueprintEvents: userOperation((actor, { query }) => listEvents(deps, actor, 'blueprint', query)),

    createStackFromTemplate: userOperation(async (actor, { entity }) => single(await createStackFromTemplate(deps, actor, entity))),
    createStackFromBlueprint: userOperation(async (actor, { entity }) => single(await createStackFromBlueprint(deps, actor, entity))),
    getBlueprintStackInitializationStatus: userOperation(async (actor, { query }) =>
      single(await getBlueprintStackInitializationStatus(deps, actor, query.stackId)),
    ),
  });
