import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditEvent } from '@terrace/dashboard/data-access';

export const engineLabels: Record<string, MessageDescriptor> = {
  terraform: msg`Terraform`,
  terragrunt: msg`Terragrunt`,
  opentofu: msg`OpenTofu`,
};

export const driftLabels: Record<string, MessageDescriptor> = {
  inSync: msg`In sync`,
  inSyncRefreshRequired: msg`In sync, refresh required`,
  inSyncDeployRequired: msg`In sync, deploy required`,
  drifted: msg`Drifted`,
  notChecked: msg`Not checked`,
  unknown: msg`Unknown`,
  deployRequired: msg`Deploy required`,
};

/** What an audit event did, as a short past-tense phrase. */
export const activityActionLabels: Record<AuditEvent['action'], MessageDescriptor> = {
  create: msg({ message: 'Created', context: 'audit action' }),
  update: msg({ message: 'Updated', context: 'audit action' }),
  delete: msg({ message: 'Deleted', context: 'audit action' }),
  signIn: msg({ message: 'Signed in', context: 'audit action' }),
  signOut: msg({ message: 'Signed out', context: 'audit action' }),
  switchOrganization: msg({ message: 'Switched organization', context: 'audit action' }),
  invite: msg({ message: 'Invited', context: 'audit action' }),
  revoke: msg({ message: 'Revoked', context: 'audit action' }),
  readSecret: msg({ message: 'Read the secret value', context: 'audit action' }),
  lock: msg({ message: 'Locked the state', context: 'audit action' }),
  unlock: msg({ message: 'Unlocked the state', context: 'audit action' }),
  forceUnlock: msg({ message: 'Force-unlocked the state', context: 'audit action' }),
  rollback: msg({ message: 'Rolled back the state', context: 'audit action' }),
  quarantine: msg({ message: 'Quarantined a state write', context: 'audit action' }),
};

/** The kinds of objects the audit log names (spec automation §3 entity types), as the dashboard calls them. */
const entityTypeLabels: Partial<Record<AuditEvent['entityType'], MessageDescriptor>> = {
  organization: msg`Organization`,
  organizationConfiguration: msg`Organization settings`,
  signInSettings: msg`Sign-in settings`,
  stack: msg`Stack`,
  plan: msg`Plan`,
  deployment: msg`Deployment`,
  task: msg`Task`,
  user: msg`User`,
  team: msg`Team`,
  namespacePermission: msg`Namespace permission`,
  identityProvider: msg`Identity provider`,
  template: msg`Template`,
  blueprint: msg`Blueprint`,
  controlPolicy: msg`Control policy`,
  vcsCredentials: msg`VCS provider`,
  namespace: msg`Namespace`,
  sshKey: msg`SSH key`,
  driftDetection: msg`Drift detection`,
  customRole: msg`Custom role`,
  programmaticUser: msg`Programmatic user`,
  variable: msg`Variable`,
};

export function entityTypeLabel(type: AuditEvent['entityType']): MessageDescriptor {
  return entityTypeLabels[type] ?? msg`Other`;
}
