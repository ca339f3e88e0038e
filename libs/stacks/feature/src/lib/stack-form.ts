import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type { z } from 'zod/mini';
import type { stackFormSchema } from './stack-form.schema';

// What the stack wizard edits and sends. Its checks (zod and the contract's schemas) are in
// stack-form.schema.ts, which the wizard loads on first use: nothing here may import them.

/** A setting left to the namespace (or the organization's default). */
export const INHERIT = 'inherit' as const;

export type StackFormValues = z.input<typeof stackFormSchema>;
/** What the form submits: the contract's StackInput (the schema ends with formToStackInput). */
export type StackFormOutput = z.output<typeof stackFormSchema>;
export type CapabilityName = keyof StackFormValues['capabilities'];

export const stackFieldMessages: FieldMessages = {
  name: { required: msg`Enter a name for the stack.` },
  namespaceId: { required: msg`Choose the namespace of the stack.`, invalid_format: msg`Choose the namespace of the stack.` },
};

/** Server field paths in the stack body (relative to the stack) and where they land in the form. */
const stackBodyFields: Record<string, string> = {
  name: 'name',
  description: 'description',
  namespaceId: 'namespaceId',
  iacType: 'iacType',
  'data.iacConfig.terraformVersion': 'version',
  'data.iacConfig.terragruntVersion': 'version',
  'data.iacConfig.opentofuVersion': 'version',
  'data.iacConfig.varFiles': 'varFiles',
  'data.vcsInfo': 'vcs.repoName',
  'data.vcsInfo.providerId': 'vcs.providerId',
  'data.vcsInfo.repoName': 'vcs.repoName',
  'data.vcsInfo.branch': 'vcs.branch',
  'data.vcsInfo.path': 'vcs.path',
  'data.runnerConfig': 'runnerMode',
  'data.runnerConfig.groups': 'runnerGroups',
  'data.deploymentApprovalPolicy': 'approval',
  'data.deploymentApprovalPolicy.rules.0.parameters.teams': 'approvalTeams',
  'data.policy.ttlConfig.ttl': 'ttl.value',
  'data.policy.ttlConfig.ttl.value': 'ttl.value',
};

/** The same paths as the server names them: the create body is wrapped twice (`entity.stack.…`), the update body once (`entity.…`). */
export const stackServerFields: Record<string, string> = Object.fromEntries(
  ['entity.stack.', 'entity.'].flatMap((wrapper) => Object.entries(stackBodyFields).map(([path, field]) => [`${wrapper}${path}`, field])),
);

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
