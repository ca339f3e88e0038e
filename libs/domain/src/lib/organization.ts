import { withValues, type Message } from './message';
export const roles = ['admin', 'viewer', 'member', 'runner', 'deployer'] as const;
export type Role = (typeof roles)[number];
/** The role key namespace-only users carry when no custom role applies. */
export const NAMESPACE_ONLY_ROLE = 'nsOnly';

/** The labels of the built-in role keys, and `other` for any other key. */
export const roleMessages = {
  admin: /*i18n*/ { id: 'role.admin', message: 'Admin' },
  viewer: /*i18n*/ { id: 'role.viewer', message: 'Viewer' },
  member: /*i18n*/ { id: 'role.member', message: 'Member' },
  deployer: /*i18n*/ { id: 'role.deployer', message: 'Deployer' },
  runner: /*i18n*/ { id: 'role.runner', message: 'Runner' },
  nsOnly: /*i18n*/ { id: 'role.nsOnly', message: 'Namespace only' },
  other: /*i18n*/ { id: 'role.other', message: '{role}' },
} satisfies Record<string, Message>;
const labelledRoles: ReadonlySet<string> = new Set([...roles, NAMESPACE_ONLY_ROLE]);

/** How a role key reads: the built-in roles by name; other keys (namespace and custom roles) as they are. */
export function roleLabel(role: string): Message {
  return labelledRoles.has(role)
    ? roleMessages[role as keyof typeof roleMessages]
    : withValues(roleMessages.other, { role });
}

const organizationWideRoles: ReadonlySet<string> = new Set(['admin', 'viewer', 'member']);

/** Any role key other than admin, viewer or member (runner, deployer, nsOnly, custom keys) is namespace-only. */
export function isNamespaceOnlyRole(role: string): boolean {
  return !organizationWideRoles.has(role);
}

/** Admin and viewer see organization settings, disaster recovery and the reminder banners. */
export function isAdminOrViewer(role: string): boolean {
  return role === 'admin' || role === 'viewer';
}

export const plans = ['freeTrial', 'basic', 'pro', 'enterprise'] as const;
export type Plan = (typeof plans)[number];

export const organizationTypes = ['regular', 'management'] as const;
export type OrganizationType = (typeof organizationTypes)[number];

/** Stored or received data may carry an unknown type; the specification falls back to regular. */
export function parseOrganizationType(value: unknown): OrganizationType {
  return value === 'management' ? 'management' : 'regular';
}

export const userTypes = ['ssoUser', 'directUser'] as const;

export const vcsTypes = [
  'github',
  'github-enterprise',
  'github-enterprise-app',
  'gitlab',
  'gitlab-onprem',
  'bitbucket-cloud',
  'bitbucket-data-center',
  'azure-devops',
  'azure-devops-server',
] as const;
export type VcsType = (typeof vcsTypes)[number];

export const iacTypes = ['terraform', 'terragrunt', 'opentofu'] as const;
export type IacType = (typeof iacTypes)[number];

/** Event types as subscriptions carry them on the wire (`stack::deployment::applyStarted`). */
export const notificationEventTypes = [
  'stack::driftDetected',
  'stack::deployment::waitingForApproval',
  'stack::deployment::waitingForFailedControlPoliciesApproval',
  'stack::deployment::started',
  'stack::deployment::finished',
  'stack::deployment::failed',
  'stack::deployment::approvalTimeout',
  'stack::deployment::applyStarted',
  'stack::deployment::applyFinished',
  'stack::deployment::applyFailure',
  'stack::plan::started',
  'stack::plan::finished',
  'stack::plan::failed',
] as const;
export type NotificationEventType = (typeof notificationEventTypes)[number];

export const notificationProtocols = ['slack', 'slackApp', 'teams', 'email'] as const;
export type NotificationProtocol = (typeof notificationProtocols)[number];

export const featureFlags = ['disasterRecovery', 'aiAgent'] as const;
export type FeatureFlag = (typeof featureFlags)[number];
