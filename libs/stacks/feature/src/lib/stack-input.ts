import type { IacType, StackInput } from '@terrace/stacks/data-access';
import { INHERIT, type CapabilityName } from './stack-form';
import type { StackFormChecked } from './stack-form.schema';

// What a wizard sends: the form's checked values as the contract's StackInput. The form's schema
// ends with it (stack-form.schema.ts), so it loads with the form's checks.

/** Var files are typed one per line; each must be a file path the engine does not load by itself. */
export function splitVarFiles(value: string): string[] {
  return value
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const versionKey = { terraform: 'terraformVersion', terragrunt: 'terragruntVersion', opentofu: 'opentofuVersion' } as const satisfies Record<IacType, string>;

/** The form's values as the contract's StackInput; "inherit" and empty texts are left out. */
export function formToStackInput(values: StackFormChecked): StackInput {
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
