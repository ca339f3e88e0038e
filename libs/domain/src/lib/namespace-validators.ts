import type { Message } from './message';

/**
 * The namespace wizard's rules beyond the contract's limits (which the generated schemas carry):
 * a namespace's default IaC versions, and the choices that need a companion value.
 */
export const namespaceMessages = {
  iacVersion: /*i18n*/ {
    id: 'validation.namespace.iacVersion',
    message: 'Enter a version such as 1.9.8, or leave it empty to use the organization default.',
  },
  runnerGroups: /*i18n*/ {
    id: 'validation.namespace.runnerGroups',
    message: 'Self-hosted runners need at least one runner group.',
  },
  approvalTeams: /*i18n*/ {
    id: 'validation.namespace.approvalTeams',
    message: 'Choose at least one team whose approval is required.',
  },
} as const satisfies Record<string, Message>;

// An exact version (with an optional pre-release) or 'latest'; ranges are not a namespace default.
const DEFAULT_VERSION = /^(latest|\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?)$/;

/** A namespace's default Terraform, OpenTofu or Terragrunt version; empty means the organization's. */
export function validateDefaultIacVersion(version: string): Message | undefined {
  const value = version.trim();
  return value === '' || DEFAULT_VERSION.test(value) ? undefined : namespaceMessages.iacVersion;
}

/** Self-hosted runners run in the groups a namespace names, so at least one is needed. */
export function validateRunnerGroups(mode: string, groups: readonly string[]): Message | undefined {
  return mode === 'selfHosted' && groups.length === 0 ? namespaceMessages.runnerGroups : undefined;
}

/** An approval by teams needs the teams whose approval is required. */
export function validateApprovalTeams(
  ruleType: string,
  teams: readonly string[],
): Message | undefined {
  return ruleType === 'requireTeamsApproval' && teams.length === 0
    ? namespaceMessages.approvalTeams
    : undefined;
}
