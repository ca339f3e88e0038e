import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import { controlPolicyTypes, type ControlPolicy, type ControlPolicyInput, type ControlPolicyParameters, type ControlPolicyType } from '@terrace/policies/data-access';
import type { z } from 'zod/mini';
import type { controlPolicyFormSchema } from './control-policy-form.schema';
import { splitList } from './split-list';

// The form's values and what goes on the wire; its checks (zod) are in control-policy-form.schema.ts.

/** What the policy wizard edits: lists as text, one item per line. */
export type ControlPolicyFormValues = z.input<typeof controlPolicyFormSchema>;
export type ControlPolicyFormOutput = z.output<typeof controlPolicyFormSchema>;

export const controlPolicyFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the policy.` },
};

export function emptyControlPolicyForm(type: ControlPolicyType | '' = ''): ControlPolicyFormValues {
  return {
    name: '',
    description: '',
    type,
    resourceTypes: '',
    regions: '',
    tags: [{ key: '', values: '' }],
    costIncrease: { type: 'percent', value: '' },
    propertyConditions: [{ resourceType: '', property: '', operator: '', value: '' }],
    moduleRules: { allowedSources: '', deniedModules: '', requireRegistryModules: false },
    opa: { source: 'inline', rego: '', query: 'data.terrace.deny', providerId: '', repoName: '', branch: '', path: '' },
  };
}

export function controlPolicyToForm(policy: ControlPolicy): ControlPolicyFormValues {
  const empty = emptyControlPolicyForm(policy.type);
  const p = policy.parameters;
  const opa = p.opa;
  return {
    ...empty,
    name: policy.name,
    description: policy.description ?? '',
    resourceTypes: (p.resourceTypes ?? []).join('\n'),
    regions: (p.regions ?? []).join('\n'),
    tags: p.tags?.length ? p.tags.map((tag) => ({ key: tag.key, values: (tag.allowedValues ?? []).join('\n') })) : empty.tags,
    costIncrease: p.costIncrease ? { type: p.costIncrease.type, value: String(p.costIncrease.value) } : empty.costIncrease,
    propertyConditions: p.propertyConditions?.length
      ? p.propertyConditions.map((c) => ({ resourceType: c.resourceType, property: c.property, operator: c.operator, value: c.value ?? '' }))
      : empty.propertyConditions,
    moduleRules: {
      allowedSources: (p.moduleRules?.allowedSources ?? []).join('\n'),
      deniedModules: (p.moduleRules?.deniedModules ?? []).join('\n'),
      requireRegistryModules: p.moduleRules?.requireRegistryModules ?? false,
    },
    opa: opa
      ? {
          source: opa.source,
          rego: opa.rego ?? '',
          query: opa.query ?? '',
          providerId: opa.vcsInfo?.providerId ?? '',
          repoName: opa.vcsInfo?.repoName ?? '',
          branch: opa.vcsInfo?.branch ?? '',
          path: opa.vcsInfo?.path ?? '',
        }
      : empty.opa,
  };
}

type ConditionOperator = NonNullable<ControlPolicyParameters['propertyConditions']>[number]['operator'];

/** Only the parameters of the chosen type go on the wire. */
export function formToParameters(values: ControlPolicyFormOutput): ControlPolicyParameters {
  switch (values.type) {
    case 'deny_resource_deletion':
    case 'allowed_resource_types':
    case 'denied_resource_types':
      return { resourceTypes: splitList(values.resourceTypes) };
    case 'aws_allowed_regions':
    case 'aws_denied_regions':
      return { regions: splitList(values.regions) };
    case 'aws_required_tags':
    case 'azure_required_tags':
      return {
        tags: values.tags.map((tag) => {
          const allowedValues = splitList(tag.values);
          return allowedValues.length ? { key: tag.key.trim(), allowedValues } : { key: tag.key.trim() };
        }),
      };
    case 'deny_cost_increase':
      return { costIncrease: { type: values.costIncrease.type, value: Number(values.costIncrease.value.trim()) } };
    case 'resource_property_condition':
      return {
        propertyConditions: values.propertyConditions.map((c) => ({
          resourceType: c.resourceType.trim(),
          property: c.property.trim(),
          operator: c.operator as ConditionOperator,
          ...(c.operator === 'boolean' ? {} : { value: c.operator === 'in' ? splitList(c.value).join(',') : c.value.trim() }),
        })),
      };
    case 'module_rules':
      return {
        moduleRules: {
          allowedSources: splitList(values.moduleRules.allowedSources),
          deniedModules: splitList(values.moduleRules.deniedModules),
          requireRegistryModules: values.moduleRules.requireRegistryModules,
        },
      };
    case 'opa': {
      const { source, rego, query, providerId, repoName, branch, path } = values.opa;
      const q = query.trim() ? { query: query.trim() } : {};
      return source === 'inline'
        ? { opa: { source, rego, ...q } }
        : { opa: { source, ...q, vcsInfo: { providerId, repoName: repoName.trim(), ...(branch.trim() ? { branch: branch.trim() } : {}), path: path.trim() } } };
    }
    case '':
      return {};
  }
}

export function formToControlPolicyInput(values: ControlPolicyFormOutput): ControlPolicyInput {
  if (values.type === '') throw new Error('A policy type is required');
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    type: values.type,
    parameters: formToParameters(values),
  };
}

export const controlPolicyWizardSteps = [
  { id: 'general', fields: ['name', 'description', 'type'] },
  { id: 'rules', fields: ['resourceTypes', 'regions', 'tags', 'costIncrease', 'propertyConditions', 'moduleRules', 'opa'] },
] as const;
export type ControlPolicyWizardStep = (typeof controlPolicyWizardSteps)[number]['id'];

export const policyTypes = controlPolicyTypes;

/** Server paths whose form field is shaped differently. */
export const controlPolicyServerFields: Record<string, string> = {
  'entity.parameters.regions': 'regions',
  'entity.parameters.resourceTypes': 'resourceTypes',
  'entity.parameters.tags': 'tags',
  'entity.parameters.costIncrease.value': 'costIncrease.value',
  'entity.parameters.propertyConditions': 'propertyConditions',
  'entity.parameters.moduleRules': 'moduleRules.allowedSources',
  'entity.parameters.opa.rego': 'opa.rego',
  'entity.parameters.opa.query': 'opa.query',
  'entity.parameters.opa.vcsInfo.repoName': 'opa.repoName',
  'entity.parameters.opa.vcsInfo.path': 'opa.path',
};
