import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type Namespace = Schemas['Namespace'];
export type NamespaceCreateInput = Schemas['NamespaceCreateInput'];
export type NamespaceUpdateInput = Schemas['NamespaceUpdateInput'];
export type IacConfig = Schemas['IacConfig'];
export type NamespaceRunnerConfig = Schemas['NamespaceRunnerConfig'];
export type NamespaceDeploymentApprovalPolicy = Schemas['NamespaceDeploymentApprovalPolicy'];
export type DeploymentApprovalRule = Schemas['DeploymentApprovalRule'];
export type DeploymentApprovalRuleType = DeploymentApprovalRule['type'];
export type NamespaceCapabilities = Schemas['NamespaceCapabilities'];
export type CapabilitySetting = Schemas['CapabilitySetting'];
export type PageSize = Schemas['PageSize'];

export const approvalRuleTypes = ['requireApproval', 'autoApprove', 'requireTwoApprovals', 'requireTeamsApproval'] as const;
export const overrideBehaviors = ['allow', 'deny', 'extended'] as const;
export const namespaceCapabilityKeys = ['deployOnPush', 'planOnPr', 'driftDetection'] as const;
export type NamespaceCapabilityKey = (typeof namespaceCapabilityKeys)[number];

export interface NamespaceListFilters {
  page: number;
  pageSize: PageSize;
  name?: string;
}

export interface NamespacePage {
  items: Namespace[];
  total: number;
}

export const principalKinds = ['team', 'user', 'programmaticUser'] as const;
export type PrincipalKind = (typeof principalKinds)[number];

/**
 * A namespace permission (contract: no id, the tuple is the key); exactly one of userEmail,
 * programmaticUserName or teamId names the principal.
 */
export type NamespacePermission = Schemas['NamespacePermission'];
export type NamespacePermissionInput = Schemas['NamespacePermissionInput'];

export function principalOf(permission: NamespacePermission | NamespacePermissionInput): { kind: PrincipalKind; id: string } {
  if (permission.teamId) return { kind: 'team', id: permission.teamId };
  if (permission.programmaticUserName) return { kind: 'programmaticUser', id: permission.programmaticUserName };
  return { kind: 'user', id: permission.userEmail ?? '' };
}
