import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EnforcementLevel } from '@terrace/domain';

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

export const policyTypeDescriptions: Record<PolicyTypeId, MessageDescriptor> = {
  deny_resource_deletion: msg`Stops a plan that deletes (or replaces) resources of the chosen types, or any resource.`,
  resource_property_condition: msg`Checks a property of the planned resources against a condition.`,
  aws_required_tags: msg`Every AWS resource must carry these tags; keys and values are case-sensitive and may be regular expressions.`,
  azure_required_tags: msg`Every Azure resource must carry these tags; keys and values are case-sensitive and may be regular expressions.`,
  deny_cost_increase: msg`Stops a plan whose cost estimate grows by more than a percentage or an amount.`,
  aws_allowed_regions: msg`AWS resources may be created only in these regions.`,
  aws_denied_regions: msg`AWS resources may not be created in these regions.`,
  allowed_resource_types: msg`Only resources of these types may be created.`,
  denied_resource_types: msg`Resources of these types may not be created.`,
  module_rules: msg`Which module sources a stack's code may use.`,
  opa: msg`A Rego policy evaluated by OPA, written here or read from a repository.`,
};

export const enforcementLabels: Record<EnforcementLevel, MessageDescriptor> = {
  warning: msg`Warning`,
  softMandatory: msg`Soft mandatory`,
  hardMandatory: msg`Hard mandatory`,
};

export const enforcementDescriptions: Record<EnforcementLevel, MessageDescriptor> = {
  warning: msg`A failure is shown; the run goes on.`,
  softMandatory: msg`A failure stops the run until someone allowed to approves the failed policies.`,
  hardMandatory: msg`A failure stops the run.`,
};
