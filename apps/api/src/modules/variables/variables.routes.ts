import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import { scanVariablesFromCode, type VariableScanDeps } from './variable-scan.service';
import {
  createVariable,
  deleteVariable,
  deleteVariables,
  getVariable,
  getVariableSecretValue,
  listEffectiveVariables,
  listVariables,
  updateVariable,
  upsertVariables,
} from './variables.service';

export const variablesOperations = (deps: VariableScanDeps) =>
  defineOperations({
    listVariables: userOperation(async (actor, { query }) => list(await listVariables(deps, actor, query))),
    createVariable: userOperation(async (actor, { entity }) => single(await createVariable(deps, actor, entity))),
    upsertVariables: userOperation(async (actor, { entity }) => list(await upsertVariables(deps, actor, entity))),
    deleteVariables: userOperation(async (actor, { entity }) => single(await deleteVariables(deps, actor, entity.variableIds))),
    getVariable: userOperation(async (actor, { params }) => single(await getVariable(deps, actor, params.variableId))),
    updateVariable: userOperation(async (actor, { params, entity }) => single(await updateVariable(deps, actor, params.variableId, entity))),
    deleteVariable: userOperation(async (actor, { params }) => single(await deleteVariable(deps, actor, params.variableId))),
    getVariableSecretValue: userOperation(async (actor, { params }) => single(await getVariableSecretValue(deps, actor, params.variableId))),
    listEffectiveVariables: userOperation(async (actor, { params }) => list(await listEffectiveVariables(deps, actor, params.stackId))),
    scanVariablesFromCode: userOperation(async (actor, { entity }) => list(await scanVariablesFromCode(deps, actor, entity))),
  });
