import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { z } from 'zod/mini';
import type { stackFormSchema } from './stack-form.schema';

// What the stack wizard edits and sends. Its checks (zod and the contract's schemas) are in
// stack-form.schema.ts, which the wizard loads on first use: nothing here may import them.

/** A setting left to the namespace (or the organization's default). */
export const INHERIT = 'inherit' as const;

/** Var files are typed one per line; each must be a file path the engine does not load by itself. */
export function splitVarFiles(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export type StackFormValues = z.input<typeof stackFormSchema>;
export type StackFormOutput = z.output<typeof stackFormSchema>;
export type CapabilityName = keyof StackFormValues['capabilities'];

export const stackFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the stack.` },
  namespaceId: { required: msg`Choose the namespace of the stack.`, invalid_format: msg`Choose the namespace of the stack.` },
};

/** Server field paths of the wrapped body (`entity.stack.…`) and where they land in the form. */
export const stackServerFields: Record<string, string> = {
  'entity.stack.name': 'name',
  'entity.stack.description': 'description',
  'entity.stack.namespaceId': 'namespaceId',
  'entity.stack.iacType': 'iacType',
  'entity.stack.data.iacConfig.terraformVersion': 'version',
  'entity.stack.data.iacConfig.terragruntVersion': 'version',
  'entity.stack.data.iacConfig.opentofuVersion': 'version',
  'entity.stack.data.iacConfig.varFiles': 'varFiles',
  'entity.stack.data.vcsInfo': 'vcs.repoName',
  'entity.stack.data.vcsInfo.providerId': 'vcs.providerId',
  'entity.stack.data.vcsInfo.repoName': 'vcs.repoName',
  'entity.stack.data.vcsInfo.branch': 'vcs.branch',
  'entity.stack.data.vcsInfo.path': 'vcs.path',
  'entity.stack.data.runnerConfig': 'runnerMode',
  'entity.stack.data.runnerConfig.groups': 'runnerGroups',
  'entity.stack.data.deploymentApprovalPolicy': 'approval',
  'entity.stack.data.deploymentApprovalPolicy.rules.0.parameters.teams': 'approvalTeams',
  'entity.data.runnerConfig': 'runnerMode',
  'entity.data.deploymentApprovalPolicy': 'approval',
  'entity.data.deploymentApprovalPolicy.rules.0.parameters.teams': 'approvalTeams',
  'entity.stack.data.policy.ttlConfig.ttl': 'ttl.value',
  'entity.stack.data.policy.ttlConfig.ttl.value': 'ttl.value',
  // The update body is not wrapped twice.
  'entity.name': 'name',
  'entity.namespaceId': 'namespaceId',
  'entity.data.iacConfig.terraformVersion': 'version',
  'entity.data.iacConfig.terragruntVersion': 'version',
  'entity.data.iacConfig.opentofuVersion': 'version',
  'entity.data.policy.ttlConfig.ttl.value': 'ttl.value',
};

export const stackWizardSteps = [
  { id: 'general', fields: ['name', 'description', 'namespaceId'] },
  { id: 'code', fields: ['vcs'] },
  { id: 'engine', fields: ['iacType', 'version', 'varFiles'] },
  { id: 'settings', fields: ['runnerMode', 'runnerGroups', 'approval', 'approvalTeams', 'capabilities'] },
  { id: 'ttl', fields: ['ttl'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];

export function emptyStackForm(namespaceId = ''): StackFormValues {
  return {
    name: '',
    description: '',
    namespaceId,
    vcs: { providerId: '', repoName: '', branch: '', path: '' },
    iacType: 'terraform',
    version: '',
    varFiles: '',
    runnerMode: INHERIT,
    runnerGroups: [],
    approval: INHERIT,
    approvalTeams: [],
    capabilities: { deployOnPush: INHERIT, planOnPr: INHERIT, driftDetection: INHERIT },
    ttl: { enabled: false, value: '24', type: 'hours' },
  };
}
