import type { IacType, Stack } from '@terrace/stacks/data-access';
import { INHERIT, type StackFormValues } from './stack-form';

// The edit and clone wizards start from a stack's values.

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
