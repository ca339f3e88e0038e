import { msg } from '@lingui/core/macro';
import { zDiscoveredStackConfig, zIacConfig, zStackDiscoveryConfigurationInput, zStackDiscoveryMode, zVcsPathPattern } from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional, type FieldMessages } from '@terrace/design-system';
import { validateBranchName, validateDefaultIacVersion, validateInclusionPath } from '@terrace/domain';
import type { StackDiscoveryConfiguration, StackDiscoveryConfigurationInput } from '@terrace/discovery/data-access';
import { z } from 'zod/mini';

// Limits come from the contract's generated schemas; the form adds the spec's rules (libs/domain).
const wire = zStackDiscoveryConfigurationInput.shape;
const patternWire = zVcsPathPattern.shape;

/** A comma-separated line as a list, without empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const pathPatterns = z.string().check(
  domainRule((value: string) => {
    const items = splitList(value);
    if (items.length === 0) return msg`Enter at least one path pattern, e.g. envs/*/**.`;
    for (const item of items) {
      const problem = validateInclusionPath(item);
      if (problem) return problem;
    }
    return undefined;
  }),
);

const patternRow = z.object({
  providerId: patternWire.providerId,
  repoName: z.pipe(trimmed(patternWire.repoName), z.string().check(z.minLength(1))),
  branch: trimmed().check(domainRule((branch: string) => validateBranchName(branch))),
  pathPatterns,
  excludePathPatterns: z.string(),
});

export const discoveryFormSchema = z.object({
  name: trimmed(wire.name),
  description: trimmed(),
  namespaceId: wire.namespaceId,
  vcsPatterns: z.array(patternRow).check(z.minLength(1)),
  /** What a scan does with a new directory: create its stack, or propose it for review. */
  mode: zStackDiscoveryMode,
  stackConfig: z.object({
    iacType: zDiscoveredStackConfig.shape.iacType,
    iacVersion: trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)).check(domainRule(validateDefaultIacVersion)),
    deployOnPush: z.boolean(),
  }),
});
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

const versionKey = { terraform: 'terraformVersion', opentofu: 'opentofuVersion', terragrunt: 'terragruntVersion' } as const;

export function discoveryToForm(config: StackDiscoveryConfiguration): DiscoveryFormValues {
  const iac = config.stackConfig.iacConfig ?? {};
  return {
    name: config.name,
    description: config.description ?? '',
    namespaceId: config.namespaceId,
    vcsPatterns: config.vcsPatterns.map((pattern) => ({
      providerId: pattern.providerId,
      repoName: pattern.repoName,
      branch: pattern.branch ?? '',
      pathPatterns: pattern.pathPatterns.join(', '),
      excludePathPatterns: (pattern.excludePathPatterns ?? []).join(', '),
    })),
    mode: config.mode ?? 'create',
    stackConfig: {
      iacType: config.stackConfig.iacType,
      iacVersion: iac[versionKey[config.stackConfig.iacType]] ?? '',
      deployOnPush: config.stackConfig.deploymentBehavior?.deployOnPush ?? true,
    },
  };
}

export function formToDiscoveryInput(values: DiscoveryFormOutput): StackDiscoveryConfigurationInput {
  const { iacType, iacVersion, deployOnPush } = values.stackConfig;
  return {
    name: values.name,
    namespaceId: values.namespaceId,
    ...(values.description ? { description: values.description } : {}),
    vcsPatterns: values.vcsPatterns.map((pattern) => {
      const exclude = splitList(pattern.excludePathPatterns);
      return {
        providerId: pattern.providerId,
        repoName: pattern.repoName,
        pathPatterns: splitList(pattern.pathPatterns),
        ...(exclude.length ? { excludePathPatterns: exclude } : {}),
        ...(pattern.branch ? { branch: pattern.branch } : {}),
      };
    }),
    mode: values.mode,
    stackConfig: {
      iacType,
      ...(iacVersion ? { iacConfig: { [versionKey[iacType]]: iacVersion } } : {}),
      deploymentBehavior: { deployOnPush },
    },
  };
}
