import { defineOperations, list, single, userOperation } from '../../http/operation-registry';
import {
  createControlPolicy,
  createControlPolicyGroup,
  createControlPolicyGroupMapping,
  createControlPolicyMapping,
  createControlPolicyNamespaceMapping,
  deleteControlPolicy,
  deleteControlPolicyGroup,
  deleteControlPolicyGroupMapping,
  deleteControlPolicyMapping,
  deleteControlPolicyNamespaceMapping,
  getControlPolicy,
  getControlPolicyGroup,
  getOpaResult,
  listControlPolicies,
  listControlPolicyGroupMappings,
  listControlPolicyGroups,
  listControlPolicyMappings,
  listControlPolicyNamespaceMappings,
  listPolicyViolations,
  updateControlPolicy,
  updateControlPolicyGroup,
  updateControlPolicyGroupMapping,
  updateControlPolicyMapping,
  type ControlPoliciesDeps,
} from './control-policies.service';

export const controlPoliciesOperations = (deps: ControlPoliciesDeps) =>
  defineOperations({
    listControlPolicies: userOperation((actor, { query }) => listControlPolicies(deps, actor, query)),
    createControlPolicy: userOperation(async (actor, { entity }) => single(await createControlPolicy(deps, actor, entity))),
    getControlPolicy: userOperation(async (actor, { params }) => single(await getControlPolicy(deps, actor, params.controlPolicyId))),
    updateControlPolicy: userOperation(async (actor, { params, entity }) => single(await updateControlPolicy(deps, actor, params.controlPolicyId, entity))),
    deleteControlPolicy: userOperation(async (actor, { params }) => {
      await deleteControlPolicy(deps, actor, params.controlPolicyId);
      return single({});
    }),
    listControlPolicyMappings: userOperation(async (actor, { query }) => list(await listControlPolicyMappings(deps, actor, query))),
    createControlPolicyMapping: userOperation(async (actor, { entity }) => single(await createControlPolicyMapping(deps, actor, entity))),
    updateControlPolicyMapping: userOperation(async (actor, { entity }) => single(await updateControlPolicyMapping(deps, actor, entity))),
    deleteControlPolicyMapping: userOperation(async (actor, { entity }) => single(await deleteControlPolicyMapping(deps, actor, entity))),
    listControlPolicyNamespaceMappings: userOperation(async (actor, { query }) => list(await listControlPolicyNamespaceMappings(deps, actor, query))),
    createControlPolicyNamespaceMapping: userOperation(async (actor, { entity }) => single(await createControlPolicyNamespaceMapping(deps, actor, entity))),
    deleteControlPolicyNamespaceMapping: userOperation(async (actor, { entity }) => single(await deleteControlPolicyNamespaceMapping(deps, actor, entity))),
    listControlPolicyGroups: userOperation(async (actor, { query }) => list(await listControlPolicyGroups(deps, actor, query))),
    createControlPolicyGroup: userOperation(async (actor, { entity }) => single(await createControlPolicyGroup(deps, actor, entity))),
    getControlPolicyGroup: userOperation(async (actor, { params }) => single(await getControlPolicyGroup(deps, actor, params.controlPolicyGroupId))),
    updateControlPolicyGroup: userOperation(async (actor, { params, entity }) => single(await updateControlPolicyGroup(deps, actor, params.controlPolicyGroupId, entity))),
    deleteControlPolicyGroup: userOperation(async (actor, { params }) => {
      await deleteControlPolicyGroup(deps, actor, params.controlPolicyGroupId);
      return single({});
    }),
    listControlPolicyGroupMappings: userOperation(async (actor, { query }) => list(await listControlPolicyGroupMappings(deps, actor, query))),
    createControlPolicyGroupMapping: userOperation(async (actor, { entity }) => single(await createControlPolicyGroupMapping(deps, actor, entity))),
    updateControlPolicyGroupMapping: userOperation(async (actor, { entity }) => single(await updateControlPolicyGroupMapping(deps, actor, entity))),
    deleteControlPolicyGroupMapping: userOperation(async (actor, { entity }) => single(await deleteControlPolicyGroupMapping(deps, actor, entity))),
    getOpaResult: userOperation(async (actor, { query }) => single(await getOpaResult(deps, actor, query))),
    listPolicyViolations: userOperation(async (actor, { query }) => listPolicyViolations(deps, actor, query)),
  });
