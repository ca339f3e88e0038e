import { msg } from '@lingui/core/macro';
import { zIacConfig, zStackInput, zTtl, zVcsInfo } from '@terrace/api-client/schemas';
import { domainRule, trimmed, unwrapOptional, type FieldMessages } from '@terrace/design-system';
import { validateApprovalTeams, validateRunnerGroups, validateTtl, validateVarFile, type Message } from '@terrace/domain';
import type { IacType, Stack, StackInput } from '@terrace/stacks/data-access';
import { z } from 'zod/mini';

// Every limit below comes from the contract's generated schemas; the form adds only what the wire
// does not say: text is trimmed, an empty text means "not set" (or "inherit"), and the domain's rules.
const wire = zStackInput.shape;
const INHERIT = 'inherit' as const;
const capabilityChoice = z.enum([INHERIT, 'enabled', 'disabled']);

/** Var files are typed one per line; each must be a file path the engine does not load by itself. */
export function splitVarFiles(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}
function validateVarFiles(value: string): Message | undefined {
  for (const file of splitVarFiles(value)) {
    const problem = validateVarFile(file);
    if (problem) return problem;
  }
  return undefined;
}

export const stackFormSchema = z
  .object({
  name: trimmed(wire.name),
  description: trimmed(unwrapOptional(wire.description)),
  namespaceId: wire.namespaceId,
  vcs: z.object({
    providerId: z.union([z.literal(''), zVcsInfo.shape.providerId]),
    repoName: z.string(),
    branch: z.string(),
    path: z.string(),
  }).check(z.superRefine((vcs, ctx) => {
    // A provider chosen asks for its repository and branch; none means "connect code later".
    if (vcs.providerId && !vcs.repoName) ctx.addIssue({ code: 'custom', path: ['repoName'], message: 'form.required' });
    if (vcs.providerId && vcs.repoName && !vcs.branch) ctx.addIssue({ code: 'custom', path: ['branch'], message: 'form.required' });
  })),
  iacType: wire.iacType,
  version: trimmed(unwrapOptional(zIacConfig.shape.terraformVersion)),
  varFiles: z.string().check(domainRule(validateVarFiles)),
  runnerMode: z.enum([INHERIT, 'managed', 'selfHosted']),
  /** The runner groups of a self-hosted stack (ids; the default group is CM_DEFAULT_RUNNER_GROUP). */
  runnerGroups: z.array(z.string()),
  approval: z.enum([INHERIT, 'requireApproval', 'autoApprove', 'requireTwoApprovals', 'requireTeamsApproval']),
  /** The teams whose approval a deployment needs (requireTeamsApproval), picked from the organization's teams. */
  approvalTeams: z.array(z.string()),
  capabilities: z.object({
    deployOnPush: capabilityChoice,
    planOnPr: capabilityChoice,
    driftDetection: capabilityChoice,
  }),
  ttl: z
    .object({ enabled: z.boolean(), value: trimmed(), type: zTtl.shape.type })
    .check(domainRule((ttl) => (ttl.enabled ? validateTtl(ttl) : undefined), { path: ['value'] })),
  })
  .check(
    domainRule((values) => validateRunnerGroups(values.runnerMode, values.runnerGroups), { path: ['runnerGroups'] }),
    domainRule((values) => validateApprovalTeams(values.approval, values.approvalTeams), { path: ['approvalTeams'] }),
  );

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

const versionKey = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' } as const satisfies Record<IacType, string>;

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

/** A stack's values in the form (edit), or a copy of them under a new name (clone). */
export function stackToForm(stack: Stack, clone = false): StackFormValues {
  const data = stack.data ?? {};
  const ttl = data.policy?.ttlConfig?.ttl;
  const rule = data.deploymentApprovalPolicy?.rules?.[0];
  const caps = data.capabilities ?? {};
  return {
    name: clone ? `${stack.name}-copy` : stack.name,
    description: stack.description ?? '',
    namespaceId: stack.namespaceId,
    vcs: {
      providerId: data.vcsInfo?.providerId ?? '',
      repoName: data.vcsInfo?.repoName ?? '',
      branch: data.vcsInfo?.branch ?? '',
      path: data.vcsInfo?.path ?? '',
    },
    iacType: stack.iacType,
    version: data.iacConfig?.[versionKey[stack.iacType]] ?? '',
    varFiles: (data.iacConfig?.varFiles ?? []).join('\n'),
    runnerMode: data.runnerConfig?.mode ?? INHERIT,
    runnerGroups: data.runnerConfig?.groups ?? [],
    approval: rule?.type ?? INHERIT,
    approvalTeams: rule?.parameters?.teams ?? [],
    capabilities: {
      deployOnPush: caps.deployOnPush?.status ?? INHERIT,
      planOnPr: caps.planOnPr?.status ?? INHERIT,
      driftDetection: caps.driftDetection?.status ?? INHERIT,
    },
    ttl: ttl ? { enabled: true, value: String(ttl.value), type: ttl.type } : { enabled: false, value: '24', type: 'hours' },
  };
}

/** The form's values as the contract's StackInput; "inherit" and empty texts are left out. */
export function formToStackInput(values: StackFormOutput): StackInput {
  const varFiles = splitVarFiles(values.varFiles);
  const capabilities = Object.fromEntries(
    (Object.entries(values.capabilities) as [CapabilityName, string][])
      .filter(([, status]) => status !== INHERIT)
      .map(([name, status]) => [name, { status: status as 'enabled' | 'disabled' }]),
  );
  const data: NonNullable<StackInput['data']> = {
    iacConfig: {
      ...(values.version ? { [versionKey[values.iacType]]: values.version } : {}),
      ...(varFiles.length ? { varFiles } : {}),
    },
    ...(values.vcs.providerId
      ? {
          vcsInfo: {
            providerId: values.vcs.providerId,
            repoName: values.vcs.repoName,
            branch: values.vcs.branch,
            ...(values.vcs.path ? { path: values.vcs.path } : {}),
          },
        }
      : {}),
    ...(values.runnerMode !== INHERIT
      ? { runnerConfig: { mode: values.runnerMode, ...(values.runnerMode === 'selfHosted' ? { groups: values.runnerGroups } : {}) } }
      : {}),
    ...(values.approval !== INHERIT
      ? {
          deploymentApprovalPolicy: {
            rules: [values.approval === 'requireTeamsApproval' ? { type: values.approval, parameters: { teams: values.approvalTeams } } : { type: values.approval }],
          },
        }
      : {}),
    ...(Object.keys(capabilities).length ? { capabilities } : {}),
    ...(values.ttl.enabled ? { policy: { ttlConfig: { ttl: { type: values.ttl.type, value: Number(values.ttl.value) } } } } : {}),
  };
  return {
    name: values.name,
    ...(values.description ? { description: values.description } : {}),
    namespaceId: values.namespaceId,
    iacType: values.iacType,
    data,
  };
}
