import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { TtlConfig } from '@terrace/domain';
import type { z } from 'zod/mini';
import type { stackFromTemplateSchema, templateFormSchema, ttlField } from './template-form.schema';

// What the template wizards edit. Their checks (zod, the contract's schemas and the domain's rules)
// are in template-form.schema.ts, loaded when the form first needs them (lazySchema), with what
// they send (template-form-input.ts): nothing here may import zod or the generated schemas at run
// time.

/** A time to live as typed: the value stays text until it is sent. */
export type TtlFieldValues = z.input<typeof ttlField>;
/** A checked time to live as the contract takes it (its checks ran: a whole number in range). */
export const toTtl = (ttl: TtlFieldValues): TtlConfig => ({ type: ttl.type, value: Number(ttl.value) });

/** Where the contract keeps the version of each engine. */
export const versionKey = { terraform: 'terraformVersion', opentofu: 'opentofuVersion', terragrunt: 'terragruntVersion' } as const;

// ---------------------------------------------------------------------------------------------
// Template (ephemeral stacks with a time to live)

export type TemplateFormValues = z.input<typeof templateFormSchema>;
export type TemplateFormOutput = z.output<typeof templateFormSchema>;

export const templateWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'vcs', fields: ['vcsInfo'] },
  { id: 'engine', fields: ['iacType', 'iacVersion', 'varFiles'] },
  { id: 'runner', fields: ['runnerConfig'] },
  { id: 'ttl', fields: ['maxTtl', 'defaultTtl', 'skipStateRefreshOnDestroy'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];
export type TemplateWizardStep = (typeof templateWizardSteps)[number]['id'];

export const templateFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the template.` },
  'vcsInfo.providerId': { required: msg`Choose the VCS provider of the template's code.`, invalid_format: msg`Choose the VCS provider of the template's code.` },
  'vcsInfo.repoName': { required: msg`Choose the repository of the template's code.`, too_small: msg`Choose the repository of the template's code.` },
};

/** Server paths whose form field is shaped differently. */
export const templateServerFields: Record<string, string> = {
  'entity.policy.ttlConfig.maxTtl.value': 'maxTtl.value',
  'entity.policy.ttlConfig.defaultTtl.value': 'defaultTtl.value',
  'entity.iacConfig.terraformVersion': 'iacVersion',
  'entity.iacConfig.opentofuVersion': 'iacVersion',
  'entity.iacConfig.terragruntVersion': 'iacVersion',
  'entity.iacConfig.varFiles': 'varFiles',
  'entity.runnerConfig.groups': 'runnerConfig.groups',
};

export function emptyTemplateForm(): TemplateFormValues {
  return {
    name: '',
    description: '',
    iacType: 'opentofu',
    iacVersion: '',
    varFiles: '',
    vcsInfo: { providerId: '', repoName: '', branch: '', path: '' },
    runnerConfig: { mode: 'managed', groups: '' },
    maxTtl: { value: '7', type: 'days' },
    defaultTtl: { value: '1', type: 'days' },
    skipStateRefreshOnDestroy: false,
  };
}

// ---------------------------------------------------------------------------------------------
// A stack from a template: name, namespace, a time to live within the template's policy, variables

export type StackFromTemplateValues = z.input<ReturnType<typeof stackFromTemplateSchema>>;
export type StackFromTemplateOutput = z.output<ReturnType<typeof stackFromTemplateSchema>>;

export const stackFromTemplateMessages: FieldMessages = {
  name: { required: msg`Enter a name for the stack.` },
  namespaceId: { required: msg`Choose the namespace of the stack.`, invalid_format: msg`Choose the namespace of the stack.` },
};
