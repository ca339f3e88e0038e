import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { z } from 'zod/mini';
import type { blueprintFormSchema } from './blueprint-form.schema';

// What the blueprint wizards edit. Their checks are in blueprint-form.schema.ts, loaded when the
// form first needs them (lazySchema), with what they send (blueprint-form-input.ts): nothing here
// may import zod at run time.

export type BlueprintFormValues = z.input<typeof blueprintFormSchema>;
export type BlueprintFormOutput = z.output<typeof blueprintFormSchema>;

/** The {parameters} a pattern uses. */
export function placeholders(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '');
}

export const blueprintWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'vcs', fields: ['vcsInfo'] },
  { id: 'stack', fields: ['stackName', 'iacType', 'varFiles', 'target'] },
  { id: 'parameters', fields: ['parameters'] },
  { id: 'initialization', fields: ['skipPlanOnStackInitialization', 'autoApproveApplyOnInitialization'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];
export type BlueprintWizardStep = (typeof blueprintWizardSteps)[number]['id'];

export const blueprintFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the blueprint.` },
  stackName: { required: msg`Enter the name pattern of the stacks, e.g. '{team}-{service}'.` },
  'target.path': { required: msg`Enter the sub-directory the pull request adds, e.g. services/'{service}'.` },
  'vcsInfo.providerId': { required: msg`Choose the VCS provider of the blueprint's code.`, invalid_format: msg`Choose the VCS provider of the blueprint's code.` },
  'vcsInfo.repoName': { required: msg`Choose the repository of the blueprint's code.`, too_small: msg`Choose the repository of the blueprint's code.` },
  'target.providerId': { required: msg`Choose where the pull request is opened.`, invalid_format: msg`Choose where the pull request is opened.` },
  'target.repoName': { required: msg`Choose where the pull request is opened.`, too_small: msg`Choose where the pull request is opened.` },
};

export const blueprintServerFields: Record<string, string> = {
  'entity.stackConfiguration.name': 'stackName',
  'entity.stackConfiguration.iacType': 'iacType',
  'entity.stackConfiguration.iacConfig.varFiles': 'varFiles',
  'entity.stackConfiguration.vcsInfo.path': 'target.path',
  'entity.stackConfiguration.vcsInfo.branch': 'target.branch',
  'entity.stackConfiguration.vcsInfo.repoName': 'target.repoName',
};

export function emptyBlueprintForm(): BlueprintFormValues {
  return {
    name: '',
    description: '',
    vcsInfo: { providerId: '', repoName: '', branch: '', path: '' },
    stackName: '{stack_name}',
    iacType: 'terraform',
    varFiles: '',
    target: { providerId: '', repoName: '', branch: '', path: 'stacks/{stack_name}' },
    parameters: [{ key: 'stack_name', description: '', conditions: [] }],
    skipPlanOnStackInitialization: false,
    autoApproveApplyOnInitialization: false,
  };
}

