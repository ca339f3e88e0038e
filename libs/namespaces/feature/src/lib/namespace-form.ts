import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  DeploymentApprovalRule,
  DeploymentApprovalRuleType,
  Namespace,
  NamespaceCapabilities,
  NamespaceCapabilityKey,
  NamespaceCreateInput,
} from '@terrace/namespaces/data-access';

export type OverrideBehavior = 'allow' | 'deny' | 'extended';

/** What the namespace wizard edits; strings stay strings until they are sent. */
export interface NamespaceFormValues {
  name: string;
  description: string;
  iac: { terraformVersion: string; terragruntVersion: string; opentofuVersion: string };
  runner: { mode: 'managed' | 'selfHosted'; groups: string[]; isOverridable: boolean };
  approval: { ruleType: DeploymentApprovalRuleType; teams: string[]; overrideBehavior: OverrideBehavior };
  capabilities: Record<NamespaceCapabilityKey, { enabled: boolean; isOverridable: boolean }>;
}

export const namespaceWizardSteps = ['general', 'iac', 'runner', 'approval', 'capabilities'] as const;
export type NamespaceWizardStep = (typeof namespaceWizardSteps)[number];

export type NamespaceFormErrors = Partial<
  Record<'name' | 'description' | 'terraformVersion' | 'terragruntVersion' | 'opentofuVersion' | 'runnerGroups' | 'approvalTeams', MessageDescriptor>
>;

/** Spec: capabilities default on, and a namespace's settings may be overridden by its stacks. */
export function emptyNamespaceForm(): NamespaceFormValues {
  return {
    name: '',
    description: '',
    iac: { terraformVersion: '', terragruntVersion: '', opentofuVersion: '' },
    runner: { mode: 'managed', groups: [], isOverridable: true },
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
    iac: {
      terraformVersion: namespace.iacConfig?.terraformVersion ?? '',
      terragruntVersion: namespace.iacConfig?.terragruntVersion ?? '',
      opentofuVersion: namespace.iacConfig?.opentofuVersion ?? '',
    },
    runner: {
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
export function formToNamespaceInput(values: NamespaceFormValues): NamespaceCreateInput {
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
      terraformVersion: orNull(values.iac.terraformVersion),
      terragruntVersion: orNull(values.iac.terragruntVersion),
      opentofuVersion: orNull(values.iac.opentofuVersion),
    },
    runnerConfig: {
      mode: values.runner.mode,
      // Managed runners ignore groups; sending none keeps a stale self-hosted choice from lingering.
      groups: values.runner.mode === 'selfHosted' ? values.runner.groups : [],
      isOverridable: values.runner.isOverridable,
    },
    deploymentApprovalPolicy: { rules: [rule], overrideBehavior: values.approval.overrideBehavior },
    capabilities,
  };
}

export const namespaceFormMessages = {
  nameRequired: msg`Enter a name for the namespace.`,
  nameTooLong: msg`The name can be at most 128 characters.`,
  nameControlCharacters: msg`The name cannot contain line breaks or tabs.`,
  descriptionTooLong: msg`The description can be at most 2000 characters.`,
  version: msg`Enter a version such as 1.9.8, or leave it empty to use the organization default.`,
  runnerGroups: msg`Self-hosted runners need at least one runner group.`,
  approvalTeams: msg`Choose at least one team whose approval is required.`,
};

// Exact versions (with an optional pre-release) or 'latest'; ranges are not accepted for a namespace default.
const VERSION = /^(latest|\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?)$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/;

/** The problems of one step; Next stays on the step while any remain (Back never validates). */
export function validateNamespaceStep(step: NamespaceWizardStep, values: NamespaceFormValues): NamespaceFormErrors {
  const errors: NamespaceFormErrors = {};
  switch (step) {
    case 'general': {
      const name = values.name.trim();
      if (name === '') errors.name = namespaceFormMessages.nameRequired;
      else if (name.length > 128) errors.name = namespaceFormMessages.nameTooLong;
      else if (CONTROL.test(name)) errors.name = namespaceFormMessages.nameControlCharacters;
      if (values.description.length > 2000) errors.description = namespaceFormMessages.descriptionTooLong;
      break;
    }
    case 'iac':
      for (const key of ['terraformVersion', 'terragruntVersion', 'opentofuVersion'] as const) {
        const value = values.iac[key].trim();
        if (value !== '' && !VERSION.test(value)) errors[key] = namespaceFormMessages.version;
      }
      break;
    case 'runner':
      if (values.runner.mode === 'selfHosted' && values.runner.groups.length === 0) {
        errors.runnerGroups = namespaceFormMessages.runnerGroups;
      }
      break;
    case 'approval':
      if (values.approval.ruleType === 'requireTeamsApproval' && values.approval.teams.length === 0) {
        errors.approvalTeams = namespaceFormMessages.approvalTeams;
      }
      break;
    case 'capabilities':
      break;
  }
  return errors;
}

/** The first step with a problem, to send the user back there when the server-side check fails too. */
export function firstInvalidStep(values: NamespaceFormValues): NamespaceWizardStep | null {
  return namespaceWizardSteps.find((step) => Object.keys(validateNamespaceStep(step, values)).length > 0) ?? null;
}
