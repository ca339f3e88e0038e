import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The policy types of spec §9, as the contract names them. */
export type PolicyTypeId =
  | 'deny_resource_deletion'
  | 'resource_property_condition'
  | 'aws_required_tags'
  | 'azure_required_tags'
  | 'deny_cost_increase'
  | 'aws_allowed_regions'
  | 'aws_denied_regions'
  | 'allowed_resource_types'
  | 'denied_resource_types'
  | 'module_rules'
  | 'opa';

export const policyTypeLabels: Record<PolicyTypeId, MessageDescriptor> = {
  deny_resource_deletion: msg`Deny resource deletion`,
  resource_property_condition: msg`Resource property condition`,
  aws_required_tags: msg`Required tags (AWS)`,
  azure_required_tags: msg`Required tags (Azure)`,
  deny_cost_increase: msg`Deny cost increase`,
  aws_allowed_regions: msg`Allowed regions (AWS)`,
  aws_denied_regions: msg`Denied regions (AWS)`,
  allowed_resource_types: msg`Allowed resource types`,
  denied_resource_types: msg`Denied resource types`,
  module_rules: msg`Module rules`,
  opa: msg`OPA Rego`,
};
