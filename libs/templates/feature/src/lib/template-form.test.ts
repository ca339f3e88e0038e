import { describe, expect, it } from 'vitest';
import { blueprintFixture } from '@terrace/templates/data-access/testing';
import { emptyBlueprintForm, placeholders } from './blueprint-form';
import { formToBlueprintInput } from './blueprint-form-input';
import { blueprintFormSchema } from './blueprint-form.schema';
import { blueprintParametersSchema } from './stack-from-blueprint.schema';
import { emptyTemplateForm } from './template-form';
import { formToTemplateInput } from './template-form-input';
import { stackFromTemplateSchema, templateFormSchema } from './template-form.schema';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('template forms', () => {
  it('reads the {parameters} a pattern uses', () => {
    expect(placeholders('{team}-{service_name}/x')).toEqual(['team', 'service_name']);
    expect(placeholders('plain')).toEqual([]);
  });

  it('a blueprint needs a parameter in the name and sub-directory, and each used parameter declared once', () => {
    const values = { ...emptyBlueprintForm(), name: 'svc', vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/bp', branch: '', path: '' } };
    const bad = blueprintFormSchema.safeParse({
      ...values,
      stackName: 'static',
      target: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: '', path: 'services/{team}' },
      parameters: [
        { key: 'stack_name', description: '', conditions: [] },
        { key: 'stack_name', description: '', conditions: [] },
      ],
    });
    const found = messages(bad);
    expect(found['stackName']).toMatch(/substitute parameter/);
    expect(found['target.path']).toMatch(/Add a substitute parameter named/);
    expect(found['parameters.1.key']).toMatch(/its own key/);
  });

  it('sends value conditions in their stored form', () => {
    const parsed = blueprintFormSchema.parse({
      ...emptyBlueprintForm(),
      name: 'svc',
      vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/bp', branch: '', path: '' },
      target: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: '', path: 'stacks/{stack_name}' },
      parameters: [{ key: 'stack_name', description: '', conditions: [{ operator: 'in', value: 'a, b' }, { operator: 'lt', value: '5' }] }],
    });
    expect(formToBlueprintInput(parsed).substituteParameters).toEqual([
      { key: 'stack_name', valueConditions: [{ operator: 'in', value: ['a', 'b'] }, { operator: 'lt', value: 5 }] },
    ]);
  });

  it('a blueprint refuses var files Terraform loads on its own, and sends the others', () => {
    const values = {
      ...emptyBlueprintForm(),
      name: 'svc',
      vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/bp', branch: '', path: '' },
      target: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: '', path: 'stacks/{stack_name}' },
    };
    expect(messages(blueprintFormSchema.safeParse({ ...values, varFiles: 'envs/terraform.tfvars' }))['varFiles']).toMatch(/loads \{file\} automatically/);
    const parsed = blueprintFormSchema.parse({ ...values, varFiles: 'vars/common.tfvars, /shared/prod.tfvars' });
    expect(formToBlueprintInput(parsed).stackConfiguration.iacConfig).toEqual({ varFiles: ['vars/common.tfvars', '/shared/prod.tfvars'] });
  });

  it('a template sends its times to live as numbers, the default within the maximum', () => {
    const values = { ...emptyTemplateForm(), name: 'Preview', vcsInfo: { providerId: 'vcsp-1', repoName: 'acme/infra', branch: '', path: '' } };
    expect(messages(templateFormSchema.safeParse({ ...values, defaultTtl: { value: '8', type: 'days' } }))['defaultTtl.value']).toMatch(/cannot be longer/);
    const parsed = templateFormSchema.parse({ ...values, defaultTtl: { value: ' 12 ', type: 'hours' } });
    expect(formToTemplateInput(parsed).policy).toEqual({ ttlConfig: { maxTtl: { type: 'days', value: 7 }, defaultTtl: { type: 'hours', value: 12 } } });
  });

  it('a stack from a template may not outlive the template’s maximum', () => {
    const schema = stackFromTemplateSchema(7 * 24 * 3_600_000);
    const base = { name: 'p', namespaceId: 'ns-1', variables: [] };
    expect(schema.safeParse({ ...base, ttl: { value: '7', type: 'days' } }).success).toBe(true);
    expect(messages(schema.safeParse({ ...base, ttl: { value: '169', type: 'hours' } }))['ttl.value']).toMatch(/at most its maximum/);
    expect(messages(schema.safeParse({ ...base, ttl: { value: '0', type: 'hours' } }))['ttl.value']).toMatch(/whole number between/);
  });

  it('blueprint parameters must meet their value conditions', () => {
    const schema = blueprintParametersSchema(blueprintFixture());
    expect(schema.safeParse({ namespaceId: 'ns-1', parameters: { service_name: 'billing', team: 'web' } }).success).toBe(true);
    const found = messages(schema.safeParse({ namespaceId: 'ns-1', parameters: { service_name: 'Billing', team: 'ops' } }));
    expect(Object.keys(found).sort()).toEqual(['parameters.service_name', 'parameters.team']);
  });
});
