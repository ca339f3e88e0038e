import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EnforcementLevel } from '@terrace/domain';
import type { PolicyTypeId } from './policy-labels';

// What each policy type and enforcement level means, for the forms that offer them: in a module
// of their own, so the lists (which show only the labels, policy-labels.ts) load neither these
// texts nor their translations.

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

export const enforcementDescriptions: Record<EnforcementLevel, MessageDescriptor> = {
  warning: msg`A failure is shown; the run goes on.`,
  softMandatory: msg`A failure stops the run until someone allowed to approves the failed policies.`,
  hardMandatory: msg`A failure stops the run.`,
};
