import type { IacType, Stack, StackInput } from '@terrace/stacks/data-access';
import { INHERIT, splitVarFiles, type CapabilityName, type StackFormOutput, type StackFormValues } from './stack-form';

// A stack and the wizard's values, both ways: the edit and clone wizards start from a stack; every
// wizard sends what the form holds. The create wizard loads this with its later steps.

const versionKey = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' } as const satisfies Record<IacType, string>;

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
