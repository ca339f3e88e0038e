import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { z } from 'zod/mini';
import type { discoveryFormSchema } from './discovery-form.schema';

// What the discovery wizard edits. Its checks (zod, the contract's schemas and the domain's rules)
// are in discovery-form.schema.ts, loaded when the form first needs them (lazySchema), with what it
// sends (discovery-form-input.ts): nothing here may import zod or the generated schemas at run
// time.

/** A comma-separated line as a list, without empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export type DiscoveryFormValues = z.input<typeof discoveryFormSchema>;
export type DiscoveryFormOutput = z.output<typeof discoveryFormSchema>;

export const discoveryWizardSteps = [
  { id: 'general', fields: ['name', 'description', 'namespaceId'] },
  { id: 'patterns', fields: ['vcsPatterns'] },
  { id: 'stackConfig', fields: ['mode', 'stackConfig'] },
] as const;
export type DiscoveryWizardStep = (typeof discoveryWizardSteps)[number]['id'];

export const discoveryFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the discovery.` },
  namespaceId: { required: msg`Choose the namespace of the stacks it creates.`, invalid_format: msg`Choose the namespace of the stacks it creates.` },
};

export const emptyPattern = () => ({ providerId: '', repoName: '', branch: '', pathPatterns: '', excludePathPatterns: '' });

export function emptyDiscoveryForm(): DiscoveryFormValues {
  return {
    name: '',
    description: '',
    namespaceId: '',
    vcsPatterns: [emptyPattern()],
    mode: 'create',
    stackConfig: { iacType: 'opentofu', iacVersion: '', deployOnPush: true },
  };
}

/** Where the contract keeps the version of each engine. */
export const versionKey = { terraform: 'terraformVersion', opentofu: 'opentofuVersion', terragrunt: 'terragruntVersion' } as const;
