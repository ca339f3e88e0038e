import type { components } from '@terrace/api-client';

type Schemas = components['schemas'];

export type ControlPolicy = Schemas['ControlPolicy'];
export type ControlPolicyInput = Schemas['ControlPolicyInput'];
export type ControlPolicyUpdate = Schemas['ControlPolicyUpdate'];
export type ControlPolicyType = Schemas['ControlPolicyType'];
export type ControlPolicyParameters = Schemas['ControlPolicyParameters'];
export type ControlPolicyGroup = Schemas['ControlPolicyGroup'];
export type ControlPolicyGroupInput = Schemas['ControlPolicyGroupInput'];
export type ControlPolicyGroupUpdate = Schemas['ControlPolicyGroupUpdate'];
export type GroupPolicy = Schemas['GroupPolicy'];
export type GroupSeverity = Schemas['Severity'];
export type EnforcementLevel = Schemas['EnforcementLevel'];
export type PolicyTargetType = Schemas['PolicyTargetType'];
export type PolicyCheckStatus = Schemas['PolicyCheckStatus'];
export type ControlPolicyMapping = Schemas['ControlPolicyMapping'];
export type ControlPolicyGroupMapping = Schemas['ControlPolicyGroupMapping'];
export type SeverityEnforcement = Schemas['SeverityEnforcement'];
export type PolicyViolation = Schemas['PolicyViolation'];
export type ControlPolicyRunResult = Schemas['ControlPolicyRunResult'];
export type OpaResult = Schemas['OpaResult'];
export type PageSize = Schemas['PageSize'];

/** Every policy type of spec §9, in the order the wizard offers them. */
export const controlPolicyTypes = [
  'deny_resource_deletion',
  'resource_property_condition',
  'aws_required_tags',
  'azure_required_tags',
  'deny_cost_increase',
  'aws_allowed_regions',
  'aws_denied_regions',
  'allowed_resource_types',
  'denied_resource_types',
  'module_rules',
  'opa',
] as const satisfies readonly ControlPolicyType[];

export const policyTargetTypes = ['namespace', 'stack'] as const satisfies readonly PolicyTargetType[];
export const policyEnforcementLevels = ['warning', 'softMandatory', 'hardMandatory'] as const satisfies readonly EnforcementLevel[];
export const policyGroupSeverities = ['low', 'medium', 'high', 'critical'] as const satisfies readonly GroupSeverity[];

/** The policy list's filters as the server takes them: type, part of the name, highest severity in a group. */
export interface ControlPolicyListFilters {
  type?: ControlPolicyType;
  search?: string;
  severity?: GroupSeverity;
  includeManaged?: boolean;
}

/** A page of the policy list (the organization's own by name, then the managed ones). */
export interface ControlPolicyPageFilters extends ControlPolicyListFilters {
  page: number;
  pageSize: PageSize;
}

export interface ControlPolicyPage {
  items: ControlPolicy[];
  total: number;
}

export interface PolicyViolationFilters {
  page: number;
  pageSize: PageSize;
  enforcementLevel?: EnforcementLevel;
  status?: PolicyCheckStatus;
  controlPolicyId?: string;
  namespaceId?: string;
  stackId?: string;
}

export interface PolicyViolationPage {
  items: PolicyViolation[];
  total: number;
}

/** Where a policy or a group applies: the one mapping shape the pages edit for both. */
export type PolicySubject = { kind: 'policy'; id: string } | { kind: 'group'; id: string };
export type PolicyMapping = ControlPolicyMapping | ControlPolicyGroupMapping;

/** A namespace or stack a mapping can target. */
export interface PolicyTargetOption {
  id: string;
  name: string;
}
