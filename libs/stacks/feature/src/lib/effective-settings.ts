import type { Namespace } from '@terrace/namespaces/data-access';
import type { IacType, Stack } from '@terrace/stacks/data-access';

export type SettingSource = 'stack' | 'namespace' | 'default';
export type SettingKey = 'iacVersion' | 'runner' | 'approval' | 'deployOnPush' | 'planOnPr' | 'driftDetection';

export interface EffectiveSetting<T> {
  value: T | undefined;
  source: SettingSource;
  /** The namespace forbids a stack to set its own value. */
  locked: boolean;
}

const versionKey = {
  terraform: 'terraformVersion',
  terragrunt: 'terragruntVersion',
  opentofu: 'opentofuVersion',
} as const satisfies Record<IacType, string>;

function pick<T>(own: T | undefined | null, inherited: T | undefined | null, locked: boolean): EffectiveSetting<T> {
  if (!locked && own !== undefined && own !== null) return { value: own, source: 'stack', locked };
  if (inherited !== undefined && inherited !== null) return { value: inherited, source: 'namespace', locked };
  return { value: undefined, source: 'default', locked };
}

/**
 * The settings that apply to a stack and where each comes from (automation §1: a stack inherits
 * its namespace's values and may override those the namespace lets it).
 */
export function effectiveSettings(stack: Pick<Stack, 'iacType' | 'data'> & Partial<Pick<Stack, 'effectiveSettings'>>, namespace: Namespace | undefined) {
  // The server's designed field says it with authority; the computation below is for what it lacks (a form's draft).
  const server = stack.effectiveSettings;
  if (server) {
    const cap = (c: { status: string; source: SettingSource; isOverridable?: boolean }) => ({ value: c.status, source: c.source, locked: c.isOverridable === false });
    return {
      iacVersion: { value: server.iacVersion.value ?? undefined, source: server.iacVersion.source, locked: false },
      runner: { value: server.runnerConfig.value?.mode, source: server.runnerConfig.source, locked: server.runnerConfig.isOverridable === false },
      approval: {
        value: server.deploymentApprovalPolicy.value?.rules[0]?.type,
        source: server.deploymentApprovalPolicy.source,
        locked: server.deploymentApprovalPolicy.overrideBehavior === 'deny',
      },
      deployOnPush: cap(server.capabilities.deployOnPush),
      planOnPr: cap(server.capabilities.planOnPr),
      driftDetection: cap(server.capabilities.driftDetection),
    } satisfies Record<SettingKey, EffectiveSetting<string>>;
  }
  const data = stack.data ?? {};
  const key = versionKey[stack.iacType];
  const caps = namespace?.capabilities ?? {};
  const cap = (name: 'deployOnPush' | 'planOnPr' | 'driftDetection') =>
    pick(
      data.capabilities?.[name]?.status,
      caps[name]?.status,
      caps[name] ? caps[name].isOverridable === false : false,
    );
  return {
    iacVersion: pick(data.iacConfig?.[key], namespace?.iacConfig?.[key], false),
    runner: pick(
      data.runnerConfig?.mode,
      namespace?.runnerConfig?.mode,
      namespace?.runnerConfig ? namespace.runnerConfig.isOverridable === false : false,
    ),
    approval: pick(
      data.deploymentApprovalPolicy?.rules?.[0]?.type,
      namespace?.deploymentApprovalPolicy?.rules?.[0]?.type,
      namespace?.deploymentApprovalPolicy?.overrideBehavior === 'deny',
    ),
    deployOnPush: cap('deployOnPush'),
    planOnPr: cap('planOnPr'),
    driftDetection: cap('driftDetection'),
  } satisfies Record<SettingKey, EffectiveSetting<string>>;
}
