export { namespacesKeys } from './lib/namespaces.keys';
export { namespacesQueries } from './lib/namespaces.queries';
export { namespacesRequests } from './lib/namespaces.requests';
export {
  approvalRuleTypes,
  namespaceCapabilityKeys,
  overrideBehaviors,
  principalKinds,
  principalOf,
  type CapabilitySetting,
  type DeploymentApprovalRule,
  type DeploymentApprovalRuleType,
  type IacConfig,
  type Namespace,
  type NamespaceCapabilities,
  type NamespaceCapabilityKey,
  type NamespaceCreateInput,
  type NamespaceDeploymentApprovalPolicy,
  type NamespaceListFilters,
  type NamespacePage,
  type NamespacePermission,
  type NamespacePermissionInput,
  type NamespaceRunnerConfig,
  type NamespaceUpdateInput,
  type PageSize,
  type PrincipalKind,
} from './lib/namespaces.types';
export { useCreateNamespaceMutation } from './lib/create-namespace.mutation';
export { useUpdateNamespaceMutation } from './lib/update-namespace.mutation';
export { useDeleteNamespaceMutation } from './lib/delete-namespace.mutation';
export { useGrantNamespacePermissionMutation } from './lib/grant-namespace-permission.mutation';
export { useRevokeNamespacePermissionMutation } from './lib/revoke-namespace-permission.mutation';
