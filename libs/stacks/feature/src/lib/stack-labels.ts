import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { stackErrorLabel, type TtlType } from '@terrace/domain';
import type { IacType, Stack, StackType } from '@terrace/stacks/data-access';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export const iacTypeLabels: Record<IacType, MessageDescriptor> = {
  terraform: msg`Terraform`,
  terragrunt: msg`Terragrunt`,
  opentofu: msg`OpenTofu`,
};

export const stackTypeLabels: Record<StackType, MessageDescriptor> = {
  persistent: msg`Persistent`,
  ephemeral: msg`Ephemeral`,
  ephemeralManaged: msg`Ephemeral (from a template)`,
};

/** A time to live's unit, as the stack wizard and the extend dialog offer it. */
export const ttlTypeLabels: Record<TtlType, MessageDescriptor> = {
  hours: msg`Hours`,
  days: msg`Days`,
};

type DriftState = NonNullable<Stack['driftState']>;
export const driftStateLabels: Record<DriftState, MessageDescriptor> = {
  inSync: msg`In sync`,
  inSyncRefreshRequired: msg`In sync, refresh required`,
  inSyncDeployRequired: msg`In sync, deploy required`,
  drifted: msg`Drifted`,
  notChecked: msg`Not checked`,
  unknown: msg`Unknown`,
  deployRequired: msg`Deploy required`,
};
export const driftStates = Object.keys(driftStateLabels) as DriftState[];

const driftTones: Record<DriftState, BadgeTone> = {
  inSync: 'success',
  inSyncRefreshRequired: 'info',
  inSyncDeployRequired: 'info',
  drifted: 'warning',
  notChecked: 'neutral',
  unknown: 'neutral',
  deployRequired: 'warning',
};

/**
 * The one status a stack shows: its error state first (automation §3 labels, in red), then its
 * drift state; a stack never checked says so.
 */
export function stackStatus(stack: Stack): { label: MessageDescriptor; tone: BadgeTone } {
  const error = stack.errorState ? stackErrorLabel(stack.errorState) : undefined;
  if (error) return { label: error, tone: 'danger' };
  const drift = stack.driftState && stack.driftState in driftStateLabels ? stack.driftState : 'notChecked';
  return { label: driftStateLabels[drift], tone: driftTones[drift] };
}

/** How a setting's value reads (runner modes, approval rules, capability states); versions read as they are. */
export const settingValueLabels: Record<string, MessageDescriptor> = {
  managed: msg`Managed runners`,
  selfHosted: msg`Self-hosted runners`,
  requireApproval: msg`Require approval`,
  requireTwoApprovals: msg`Require two approvals`,
  requireTeamsApproval: msg`Require approval from teams`,
  autoApprove: msg`Approve automatically`,
  enabled: msg`On`,
  disabled: msg`Off`,
};
