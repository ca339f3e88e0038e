export { policiesKeys } from './lib/policies.keys';
export { policiesRequests } from './lib/policies.requests';
export { policiesQueries } from './lib/policies.queries';
export { policyPaths } from './lib/policy-paths';
export { useCreateControlPolicyMutation } from './lib/create-control-policy.mutation';
export { useUpdateControlPolicyMutation } from './lib/update-control-policy.mutation';
export { useDeleteControlPolicyMutation } from './lib/delete-control-policy.mutation';
export { useCreateControlPolicyGroupMutation } from './lib/create-control-policy-group.mutation';
export { useUpdateControlPolicyGroupMutation } from './lib/update-control-policy-group.mutation';
export { useDeleteControlPolicyGroupMutation } from './lib/delete-control-policy-group.mutation';
export { useSavePolicyMappingMutation, subjectOf } from './lib/save-policy-mapping.mutation';
export { useDeletePolicyMappingMutation } from './lib/delete-policy-mapping.mutation';
export {
  controlPolicyTypes,
  policyEnforcementLevels,
  policyGroupSeverities,
  policyTargetTypes,
  type ControlPolicy,
  type ControlPolicyGroup,
  type ControlPolicyGroupInput,
  type ControlPolicyGroupMapping,
  type ControlPolicyGroupUpdate,
  type ControlPolicyInput,
  type ControlPolicyListFilters,
  type ControlPolicyPage,
  type ControlPolicyPageFilters,
  type ControlPolicyMapping,
  type ControlPolicyParameters,
  type ControlPolicyRunResult,
  type ControlPolicyType,
  type ControlPolicyUpdate,
  type EnforcementLevel,
  type GroupPolicy,
  type GroupSeverity,
  type OpaResult,
  type PageSize,
  type PolicyCheckStatus,
  type PolicyMapping,
  type PolicySubject,
  type PolicyTargetOption,
  type PolicyTargetType,
  type PolicyViolation,
  type PolicyViolationFilters,
  type PolicyViolationPage,
  type SeverityEnforcement,
} from './lib/policies.types';
