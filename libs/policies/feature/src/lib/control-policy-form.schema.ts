import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { zControlPolicyInput, zControlPolicyParameters, zCostIncreaseUnit, zOpaSourceKind, zVariableConditionOperator } from '@terrace/api-client/schemas';
import { trimmed, unwrapOptional } from '@terrace/design-system';
import { validateArnPrefix, validateCondition, validateJson } from '@terrace/domain';
import { z } from 'zod/mini';
import { splitList } from './split-list';

// The control policy wizard's checks, in a module of their own: the wizard loads them (and zod) at
// the user's first press or key (control-policy-wizard-page.tsx, lazySchema).
// Limits come from the contract's generated schemas; the rules of spec §5 and §9 the wire cannot say
// (at least one filter, valid regular expressions, ARN prefix, JSON) are checked per policy type below.
const wire = zControlPolicyInput.shape;
const parameters = zControlPolicyParameters.shape;

export const policyMessages = {
  chooseType: msg`Choose the kind of policy.`,
  atLeastOneTag: msg`Add at least one required tag.`,
  tagKey: msg`Enter the tag key.`,
  duplicateTag: msg`Each tag key can be required once.`,
  badRegex: msg`The regex rule value is not a valid regex`,
  atLeastOneRegion: msg`Enter at least one region.`,
  region: msg`A region looks like eu-west-1.`,
  atLeastOneResourceType: msg`Enter at least one resource type.`,
  resourceType: msg`A resource type looks like aws_s3_bucket.`,
  costValue: msg`Enter a number of 0 or more.`,
  atLeastOneCondition: msg`Add at least one condition.`,
  conditionResourceType: msg`Enter the resource type the condition checks.`,
  conditionProperty: msg`Enter the property the condition checks.`,
  atLeastOneFilter: msg`Add at least one filter: an allowed source, a denied module, or registry modules only.`,
  rego: msg`Write the Rego policy.`,
  regoPackage: msg`A Rego policy starts with a package declaration, e.g. package terrace.`,
  query: msg`A query names a rule under data, e.g. data.terrace.deny.`,
  repository: msg`Choose the VCS provider.`,
  repoName: msg`Enter the repository.`,
  repoPath: msg`Enter the path of the policy in the repository.`,
} as const satisfies Record<string, MessageDescriptor>;

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
const RESOURCE_TYPE = /^[a-z][a-z0-9]*_[a-z0-9_]+$/;
const QUERY = /^data(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const ARN_PROPERTY = /(^|[._])arn$/i;

const tagRow = z.object({ key: z.string(), values: z.string() });
const conditionRow = z.object({ resourceType: z.string(), property: z.string(), operator: z.union([z.literal(''), zVariableConditionOperator]), value: z.string() });

export const controlPolicyFormSchema = z
  .object({
    name: trimmed(wire.name),
    description: trimmed(),
    type: z.union([z.literal(''), wire.type]),
    resourceTypes: z.string(),
    regions: z.string(),
    tags: z.array(tagRow),
    costIncrease: z.object({ type: zCostIncreaseUnit, value: z.string() }),
    propertyConditions: z.array(conditionRow),
    moduleRules: z.object({ allowedSources: z.string(), deniedModules: z.string(), requireRegistryModules: z.boolean() }),
    opa: z.object({ source: zOpaSourceKind, rego: z.string(), query: z.string(), providerId: z.string(), repoName: z.string(), branch: z.string(), path: z.string() }),
  })
  .check(z.superRefine((values, ctx) => {
    const problem = (path: PropertyKey[], message: MessageDescriptor) =>
      ctx.addIssue({ code: 'custom', path, message: message.message ?? message.id, params: { message } });
    switch (values.type) {
      case '':
        return problem(['type'], policyMessages.chooseType);
      case 'deny_resource_deletion':
        // No type means every resource.
        return checkResourceTypes(values.resourceTypes, false, problem);
      case 'allowed_resource_types':
      case 'denied_resource_types':
        return checkResourceTypes(values.resourceTypes, true, problem);
      case 'aws_allowed_regions':
      case 'aws_denied_regions': {
        const regions = splitList(values.regions);
        if (regions.length === 0) return problem(['regions'], policyMessages.atLeastOneRegion);
        if (regions.some((region) => !REGION.test(region))) return problem(['regions'], policyMessages.region);
        return undefined;
      }
      case 'aws_required_tags':
      case 'azure_required_tags': {
        if (values.tags.length === 0) return problem(['tags'], policyMessages.atLeastOneTag);
        const seen = new Set<string>();
        values.tags.forEach((tag, index) => {
          const key = tag.key.trim();
          if (key === '') problem(['tags', index, 'key'], policyMessages.tagKey);
          else if (!isValidRegex(key)) problem(['tags', index, 'key'], policyMessages.badRegex);
          // Keys are case-sensitive: Owner and owner are two tags.
          else if (seen.has(key)) problem(['tags', index, 'key'], policyMessages.duplicateTag);
          seen.add(key);
          if (splitList(tag.values).some((value) => !isValidRegex(value))) problem(['tags', index, 'values'], policyMessages.badRegex);
        });
        return undefined;
      }
      case 'deny_cost_increase': {
        const value = values.costIncrease.value.trim();
        const parsed = unwrapOptional(parameters.costIncrease).shape.value.safeParse(Number(value));
        if (value === '' || !parsed.success) problem(['costIncrease', 'value'], policyMessages.costValue);
        return undefined;
      }
      case 'resource_property_condition': {
        if (values.propertyConditions.length === 0) return problem(['propertyConditions'], policyMessages.atLeastOneCondition);
        values.propertyConditions.forEach((row, index) => {
          if (row.resourceType.trim() === '') problem(['propertyConditions', index, 'resourceType'], policyMessages.conditionResourceType);
          if (row.property.trim() === '') problem(['propertyConditions', index, 'property'], policyMessages.conditionProperty);
          const operatorMissing = row.operator === '';
          const conditionProblem = operatorMissing && row.value.trim() === '' ? validateCondition({ operator: '', value: 'x' }) : validateCondition(row);
          if (conditionProblem) return problem(['propertyConditions', index, operatorMissing ? 'operator' : 'value'], conditionProblem);
          const value = row.value.trim();
          // An ARN property compared by its start must name an AWS ARN (spec §5: ARN prefix).
          if (ARN_PROPERTY.test(row.property.trim()) && row.operator === 'startsWith') {
            const arn = validateArnPrefix(value);
            if (arn) return problem(['propertyConditions', index, 'value'], arn);
          }
          // A structured value (an object or a list) is written as JSON and must parse.
          if ((value.startsWith('{') || value.startsWith('[')) && row.operator !== 'match') {
            const json = validateJson(value);
            if (json) return problem(['propertyConditions', index, 'value'], json);
          }
          return undefined;
        });
        return undefined;
      }
      case 'module_rules': {
        const rules = values.moduleRules;
        if (splitList(rules.allowedSources).length === 0 && splitList(rules.deniedModules).length === 0 && !rules.requireRegistryModules) {
          problem(['moduleRules', 'allowedSources'], policyMessages.atLeastOneFilter);
        }
        return undefined;
      }
      case 'opa': {
        const opa = values.opa;
        if (opa.query.trim() !== '' && !QUERY.test(opa.query.trim())) problem(['opa', 'query'], policyMessages.query);
        if (opa.source === 'inline') {
          if (opa.rego.trim() === '') problem(['opa', 'rego'], policyMessages.rego);
          else if (!/^\s*(#.*\n\s*)*package\s+[A-Za-z_]/.test(opa.rego)) problem(['opa', 'rego'], policyMessages.regoPackage);
          return undefined;
        }
        if (opa.providerId === '') problem(['opa', 'providerId'], policyMessages.repository);
        if (opa.repoName.trim() === '') problem(['opa', 'repoName'], policyMessages.repoName);
        if (opa.path.trim() === '') problem(['opa', 'path'], policyMessages.repoPath);
        return undefined;
      }
    }
  }));

function checkResourceTypes(raw: string, required: boolean, problem: (path: PropertyKey[], message: MessageDescriptor) => void) {
  const types = splitList(raw);
  if (required && types.length === 0) return problem(['resourceTypes'], policyMessages.atLeastOneResourceType);
  if (types.some((type) => !RESOURCE_TYPE.test(type))) return problem(['resourceTypes'], policyMessages.resourceType);
  return undefined;
}
