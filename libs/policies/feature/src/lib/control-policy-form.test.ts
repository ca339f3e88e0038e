import { renderMessage, type Message } from '@terrace/domain';
import { describe, expect, it } from 'vitest';
import { controlPolicyToForm, emptyControlPolicyForm, formToControlPolicyInput, type ControlPolicyFormValues } from './control-policy-form';
import { controlPolicyFormSchema } from './control-policy-form.schema';
import { controlPolicyFixtures } from '@terrace/policies/data-access/testing';

/** The message each path would show (the first problem of each path). */
function problems(values: Partial<ControlPolicyFormValues>): Record<string, string> {
  const result = controlPolicyFormSchema.safeParse({ ...emptyControlPolicyForm(), name: 'A policy', ...values });
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const descriptor = (issue as { params?: { message?: Message } }).params?.message;
    out[issue.path.join('.')] ??= descriptor ? renderMessage(descriptor) : issue.message;
  }
  return out;
}

describe('the control policy form', () => {
  it('asks for a type', () => {
    expect(problems({})).toEqual({ type: 'Choose the kind of policy.' });
  });

  it('checks required tags: a key, valid regular expressions, each key once (case-sensitive)', () => {
    expect(problems({ type: 'aws_required_tags', tags: [] })).toEqual({ tags: 'Add at least one required tag.' });
    expect(
      problems({
        type: 'azure_required_tags',
        tags: [
          { key: '', values: '' },
          { key: 'owner', values: 'team-(a|b), [' },
          { key: 'owner', values: '' },
          { key: 'Owner', values: '' },
          { key: 'cost(', values: '' },
        ],
      }),
    ).toEqual({
      'tags.0.key': 'Enter the tag key.',
      'tags.1.values': 'The regex rule value is not a valid regex',
      'tags.2.key': 'Each tag key can be required once.',
      'tags.4.key': 'The regex rule value is not a valid regex',
    });
  });

  it('needs at least one region or resource type where the type needs them; deny deletion may protect everything', () => {
    expect(problems({ type: 'aws_allowed_regions', regions: ' \n' })).toEqual({ regions: 'Enter at least one region.' });
    expect(problems({ type: 'aws_denied_regions', regions: 'eu-west-1\nmoon-1' })).toEqual({ regions: 'A region looks like eu-west-1.' });
    expect(problems({ type: 'denied_resource_types', resourceTypes: '' })).toEqual({ resourceTypes: 'Enter at least one resource type.' });
    expect(problems({ type: 'deny_resource_deletion', resourceTypes: '' })).toEqual({});
    expect(problems({ type: 'deny_resource_deletion', resourceTypes: 'aws_db_instance, S3 Bucket' })).toEqual({ resourceTypes: 'A resource type looks like aws_s3_bucket.' });
  });

  it('checks property conditions with the variable condition rules, the ARN prefix and JSON', () => {
    const row = { resourceType: 'aws_iam_role', property: 'arn', operator: 'startsWith' as const, value: 'arn:azure:x' };
    expect(problems({ type: 'resource_property_condition', propertyConditions: [row] })).toEqual({ 'propertyConditions.0.value': 'ARN must start with arn:aws:' });
    expect(problems({ type: 'resource_property_condition', propertyConditions: [{ ...row, value: ' ARN:AWS:iam::123:role/x ' }] })).toEqual({});
    expect(problems({ type: 'resource_property_condition', propertyConditions: [{ ...row, property: 'tags', operator: 'contains', value: '{"a": ' }] })).toEqual({
      'propertyConditions.0.value': 'Please enter valid JSON',
    });
    expect(problems({ type: 'resource_property_condition', propertyConditions: [{ ...row, property: 'size', operator: 'gt', value: 'big' }] })).toEqual({
      'propertyConditions.0.value': "For operator 'gt' property value must be a number",
    });
    expect(problems({ type: 'resource_property_condition', propertyConditions: [{ resourceType: '', property: '', operator: '', value: '' }] })).toEqual({
      'propertyConditions.0.resourceType': 'Enter the resource type the condition checks.',
      'propertyConditions.0.property': 'Enter the property the condition checks.',
      'propertyConditions.0.operator': 'Select operator',
    });
  });

  it('needs at least one module filter, a cost value of 0 or more, and a Rego source', () => {
    expect(problems({ type: 'module_rules' })).toEqual({ 'moduleRules.allowedSources': 'Add at least one filter: an allowed source, a denied module, or registry modules only.' });
    expect(problems({ type: 'module_rules', moduleRules: { allowedSources: '', deniedModules: '', requireRegistryModules: true } })).toEqual({});
    expect(problems({ type: 'deny_cost_increase', costIncrease: { type: 'amount', value: '-5' } })).toEqual({ 'costIncrease.value': 'Enter a number of 0 or more.' });
    expect(problems({ type: 'opa' })).toEqual({ 'opa.rego': 'Write the Rego policy.' });
    expect(problems({ type: 'opa', opa: { ...emptyControlPolicyForm().opa, rego: 'deny[msg] { true }', query: 'terrace.deny' } })).toEqual({
      'opa.query': 'A query names a rule under data, e.g. data.terrace.deny.',
      'opa.rego': 'A Rego policy starts with a package declaration, e.g. package terrace.',
    });
    expect(problems({ type: 'opa', opa: { ...emptyControlPolicyForm().opa, source: 'vcs' } })).toEqual({
      'opa.providerId': 'Choose the VCS provider.',
      'opa.repoName': 'Enter the repository.',
      'opa.path': 'Enter the path of the policy in the repository.',
    });
  });

  it('sends only the chosen type’s parameters, and reads every stored policy back unchanged', () => {
    const values = controlPolicyFormSchema.parse({
      ...emptyControlPolicyForm('aws_required_tags'),
      name: ' Owner tag ',
      regions: 'eu-west-1',
      tags: [{ key: 'owner', values: 'team-.*, platform' }, { key: 'env', values: '' }],
    });
    expect(formToControlPolicyInput(values)).toEqual({
      name: 'Owner tag',
      type: 'aws_required_tags',
      parameters: { tags: [{ key: 'owner', allowedValues: ['team-.*', 'platform'] }, { key: 'env' }] },
    });
    for (const policy of controlPolicyFixtures) {
      const input = formToControlPolicyInput(controlPolicyFormSchema.parse(controlPolicyToForm(policy)));
      expect(input.parameters).toEqual(policy.parameters);
    }
  });
});
