import { msg } from '@lingui/core/macro';
import type { FieldMessages } from '@terrace/design-system';
import type {
  DeploymentApprovalRule,
  Namespace,
  NamespaceCapabilities,
  NamespaceCapabilityKey,
  NamespaceCreateInput,
} from '@terrace/namespaces/data-access';
import type { z } from 'zod/mini';
import type { namespaceFormSchema } from './namespace-form.schema';

/** What the namespace wizard edits; strings stay strings until they are sent. */
export type NamespaceFormValues = z.input<typeof namespaceFormSchema>;
/** The same, checked and trimmed: what the wizard submits. */
export type NamespaceFormOutput = z.output<typeof namespaceFormSchema>;
export type OverrideBehavior = NamespaceFormValues['approval']['overrideBehavior'];

/** The form's own wording of a few problems; the rest are the generic messages with the contract's limits. */
export const namespaceFieldMessages: FieldMessages = {
  name: {
    required: msg`Enter a name for the namespace.`,
    invalid_format: msg`The name cannot contain line breaks or tabs.`,
  },
};

/** Server field paths whose form field is shaped differently (the rest match, without `entity.`). */
export const namespaceServerFields: Record<string, string> = {
  'entity.deploymentApprovalPolicy': 'approval.teams',
  'entity.deploymentApprovalPolicy.rules': 'approval.teams',
  'entity.deploymentApprovalPolicy.overrideBehavior': 'approval.overrideBehavior',
  'entity.capabilities': 'capabilities',
};

/** The wizard's steps and the form fields each one edits (Next validates them; an error marks the step). */
export const namespaceWizardSteps = [
  { id: 'general', fields: ['name', 'description'] },
  { id: 'iac', fields: ['iacConfig'] },
  { id: 'runner', fields: ['runnerConfig'] },
  { id: 'approval', fields: ['approval'] },
  { id: 'capabilities', fields: ['capabilities'] },
] as const satisfies readonly { id: string; fields: readonly string[] }[];
export type NamespaceWizardStep = (typeof namespaceWizardSteps)[number]['id'];

/** Spec: capabilities default on, and a namespace's settings may be overridden by its stacks. */
export function emptyNamespaceForm(): NamespaceFormValues {
  return {
    name: '',
    description: '',
    iacConfig: { terraformVersion: '', terragruntVersion: '', opentofuVersion: '' },
    runnerConfig: { mode: 'managed', groups: [], isOverridable: true },
    approval: { ruleType: 'requireApproval', teams: [], overrideBehavior: 'allow' },
    capabilities: {
      deployOnPush: { enabled: true, isOverridable: true },
      planOnPr: { enabled: true, isOverridable: true },
      driftDetection: { enabled: true, isOverridable: true },
    },
  };
}

export function namespaceToForm(namespace: Namespace): NamespaceFormValues {
  const empty = emptyNamespaceForm();
  const rule = namespace.deploymentApprovalPolicy?.rules[0];
  const capability = (key: NamespaceCapabilityKey) => {
    const setting = namespace.capabilities?.[key];
    return setting
      ? { enabled: setting.status === 'enabled', isOverridable: setting.isOverridable ?? true }
      : empty.capabilities[key];
  };
  return {
    name: namespace.name,
    description: namespace.description ?? '',
    iacConfig: {
      terraformVersion: namespace.iacConfig?.terraformVersion ?? '',
      terragruntVersion: namespace.iacConfig?.terragruntVersion ?? '',
      opentofuVersion: namespace.iacConfig?.opentofuVersion ?? '',
    },
    runnerConfig: {
      mode: namespace.runnerConfig?.mode ?? 'managed',
      groups: namespace.runnerConfig?.groups ?? [],
      isOverridable: namespace.runnerConfig?.isOverridable ?? true,
    },
    approval: {
      ruleType: rule?.type ?? empty.approval.ruleType,
      teams: rule?.parameters?.teams ?? [],
      overrideBehavior: namespace.deploymentApprovalPolicy?.overrideBehavior ?? 'allow',
    },
    capabilities: {
      deployOnPush: capability('deployOnPush'),
      planOnPr: capability('planOnPr'),
      driftDetection: capability('driftDetection'),
    },
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The create body; the update sends the same fields (a full replacement of what the wizard edits). */
export function formToNamespaceInput(values: NamespaceFormOutput): NamespaceCreateInput {
  const rule: DeploymentApprovalRule =
    values.approval.ruleType === 'requireTeamsApproval'
      ? { type: 'requireTeamsApproval', parameters: { teams: values.approval.teams } }
      : { type: values.approval.ruleType };
  const capabilities: NamespaceCapabilities = {};
  for (const key of ['deployOnPush', 'planOnPr', 'driftDetection'] as const) {
    const setting = values.capabilities[key];
    capabilities[key] = { status: setting.enabled ? 'enabled' : 'disabled', isOverridable: setting.isOverridable };
  }
  return {
    name: values.name.trim(),
    description: orNull(values.description),
    iacConfig: {
      terraformVersion: orNull(values.iacConfig.terraformVersion),
      terragruntVersion: orNull(values.iacConfig.terragruntVersion),
      opentofuVersion: orNull(values.iacConfig.opentofuVersion),
    },
    runnerConfig: {
      mode: values.runnerConfig.mode,
      // Managed runners ignore groups; sending none keeps a stale self-hosted choice from lingering.
      groups: values.runnerConfig.mode === 'selfHosted' ? values.runnerConfig.groups : [],
      isOverridable: values.runnerConfig.isOverridable,
    },
    deploymentApprovalPolicy: { rules: [rule], overrideBehavior: values.approval.overrideBehavior },
    capabilities,
  };
}
