import { validationError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';

// The spec's validations of a control policy's parameters (spec §5), answered as field errors on
// `entity.parameters.*`. The types' own evaluators (libs/policy-engine) rely on what passes here.

type Parameters = Schemas['ControlPolicyParameters'];
type PolicyType = Schemas['ControlPolicyType'];

const field = (path: string) => `entity.parameters.${path}`;

function regexError(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return false;
  } catch {
    return true;
  }
}

const blank = (value: string | undefined | null) => !value || value.trim() === '';

/** ARN prefix: starts with arn:aws: (case-insensitive, trimmed). */
export const isArnPrefix = (value: string) => /^arn:aws[a-z-]*:/i.test(value.trim());

const isNumeric = (value: string) => value.trim() !== '' && !Number.isNaN(Number(value));

function nonEmptyList(list: string[] | undefined, path: string, message: string): string[] {
  const items = (list ?? []).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw validationError(message, field(path));
  return items;
}

function checkTags(parameters: Parameters): Parameters {
  const tags = parameters.tags ?? [];
  if (tags.length === 0) throw validationError('Add at least one required tag', field('tags'));
  return {
    ...parameters,
    tags: tags.map((tag, i) => {
      // Keys and values are case-sensitive and kept as typed (no trimming inside), only checked.
      if (blank(tag.key)) throw validationError('Tag key is required', field(`tags.${i}.key`));
      if (tag.key !== tag.key.trim()) throw validationError('Tag key can not start or end with spaces', field(`tags.${i}.key`));
      if (regexError(tag.key)) throw validationError('The tag key is not a valid regex pattern', field(`tags.${i}.key`));
      const values = (tag.allowedValues ?? []).filter((v) => v !== '');
      values.forEach((v, j) => {
        if (v.trim() === '') throw validationError('Value can not contain only spaces', field(`tags.${i}.allowedValues.${j}`));
        if (regexError(v)) throw validationError('The tag value is not a valid regex pattern', field(`tags.${i}.allowedValues.${j}`));
      });
      return { key: tag.key, ...(values.length ? { allowedValues: values } : {}) };
    }),
  };
}

function checkConditions(parameters: Parameters): Parameters {
  const conditions = parameters.propertyConditions ?? [];
  if (conditions.length === 0) throw validationError('Add at least one property condition', field('propertyConditions'));
  return {
    ...parameters,
    propertyConditions: conditions.map((c, i) => {
      if (blank(c.resourceType)) throw validationError('Resource type is required', field(`propertyConditions.${i}.resourceType`));
      if (blank(c.property)) throw validationError('Property is required', field(`propertyConditions.${i}.property`));
      const value = c.value?.trim();
      if (c.operator !== 'boolean' && !value) {
        throw validationError(c.operator === 'in' ? 'Please enter value(s)' : 'Please enter value', field(`propertyConditions.${i}.value`));
      }
      if (['lt', 'lte', 'gt', 'gte'].includes(c.operator) && !isNumeric(value ?? '')) {
        throw validationError(`For operator '${c.operator}' property value must be a number`, field(`propertyConditions.${i}.value`));
      }
      if (c.operator === 'match' && regexError(value ?? '')) {
        throw validationError(`For operator '${c.operator}' the input is not a valid regex pattern`, field(`propertyConditions.${i}.value`));
      }
      if (c.operator === 'boolean' && value && value !== 'true' && value !== 'false') {
        throw validationError("Value must be 'true' or 'false'", field(`propertyConditions.${i}.value`));
      }
      return { resourceType: c.resourceType.trim(), property: c.property.trim(), operator: c.operator, ...(value ? { value } : {}) };
    }),
  };
}

function checkOpa(parameters: Parameters): Parameters {
  const opa = parameters.opa;
  if (!opa) throw validationError('The Rego policy is required', field('opa'));
  if (opa.source === 'inline') {
    if (blank(opa.rego)) throw validationError('The Rego policy is required', field('opa.rego'));
    if (!/^\s*package\s+[\w.]+/m.test(opa.rego ?? '')) throw validationError('A Rego policy starts with a package declaration', field('opa.rego'));
    return { ...parameters, opa: { source: 'inline', rego: opa.rego, ...(opa.query?.trim() ? { query: opa.query.trim() } : {}) } };
  }
  if (!opa.vcsInfo) throw validationError('Choose the repository of the policy', field('opa.vcsInfo'));
  if (blank(opa.vcsInfo.providerId)) throw validationError('Choose the repository of the policy', field('opa.vcsInfo.providerId'));
  if (blank(opa.vcsInfo.repoName)) throw validationError('Choose the repository of the policy', field('opa.vcsInfo.repoName'));
  return { ...parameters, opa: { source: 'vcs', vcsInfo: opa.vcsInfo, ...(opa.query?.trim() ? { query: opa.query.trim() } : {}) } };
}

/** The parameters a policy of this type keeps, checked; only the type's own parameters are stored. */
export function checkParameters(type: PolicyType, parameters: Parameters): Parameters {
  switch (type) {
    case 'aws_required_tags':
    case 'azure_required_tags':
      return { tags: checkTags(parameters).tags };
    case 'resource_property_condition':
      return { propertyConditions: checkConditions(parameters).propertyConditions };
    case 'aws_allowed_regions':
    case 'aws_denied_regions':
      return { regions: nonEmptyList(parameters.regions, 'regions', 'Choose at least one region') };
    case 'allowed_resource_types':
    case 'denied_resource_types':
      return { resourceTypes: nonEmptyList(parameters.resourceTypes, 'resourceTypes', 'Choose at least one resource type') };
    case 'deny_resource_deletion': {
      const resourceTypes = (parameters.resourceTypes ?? []).map((s) => s.trim()).filter(Boolean);
      const arnPrefixes = (parameters.arnPrefixes ?? []).map((s) => s.trim()).filter(Boolean);
      arnPrefixes.forEach((arn, i) => {
        if (!isArnPrefix(arn)) throw validationError("ARN prefix must start with 'arn:aws:'", field(`arnPrefixes.${i}`));
      });
      return { ...(resourceTypes.length ? { resourceTypes } : {}), ...(arnPrefixes.length ? { arnPrefixes } : {}) };
    }
    case 'deny_cost_increase': {
      if (!parameters.costIncrease) throw validationError('Set the allowed cost increase', field('costIncrease'));
      return { costIncrease: parameters.costIncrease };
    }
    case 'module_rules': {
      const rules = parameters.moduleRules ?? {};
      const allowedSources = (rules.allowedSources ?? []).map((s) => s.trim()).filter(Boolean);
      const deniedModules = (rules.deniedModules ?? []).map((s) => s.trim()).filter(Boolean);
      if (!allowedSources.length && !deniedModules.length && !rules.requireRegistryModules) {
        throw validationError('Add at least one module rule', field('moduleRules'));
      }
      return { moduleRules: { ...(allowedSources.length ? { allowedSources } : {}), ...(deniedModules.length ? { deniedModules } : {}), requireRegistryModules: Boolean(rules.requireRegistryModules) } };
    }
    case 'opa':
      return { opa: checkOpa(parameters).opa };
  }
}
