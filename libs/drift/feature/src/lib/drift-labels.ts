import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeProps } from '@terrace/design-system';
import type {
  DeployRequiredKind,
  DriftKind,
  DriftRemediationMode,
  DriftState,
  JobStatus,
} from '@terrace/drift/data-access';

export type BadgeTone = NonNullable<BadgeProps['tone']>;

/** The seven stack drift states of automation §4, in the order the Drift Center shows them. */
export const driftStateLabels: Record<DriftState, MessageDescriptor> = {
  drifted: msg`Drifted`,
  deployRequired: msg`Deploy required`,
  inSyncDeployRequired: msg`In sync, deploy required`,
  inSyncRefreshRequired: msg`In sync, refresh required`,
  inSync: msg`In sync`,
  notChecked: msg`Not checked`,
  unknown: msg`Unknown`,
};
export const driftStates = Object.keys(driftStateLabels) as DriftState[];

/**
 * One colour per state: the drift to act on in red, code changes waiting for a deployment in amber
 * or blue, in sync in green, never checked and unknown in greys.
 */
export const driftStateTones: Record<DriftState, BadgeTone> = {
  drifted: 'danger',
  deployRequired: 'warning',
  inSyncDeployRequired: 'primary',
  inSyncRefreshRequired: 'info',
  inSync: 'success',
  notChecked: 'neutral',
  unknown: 'outline',
};

/** A stack's drift state; one never checked (or with a state this console does not know) says so. */
export function driftStateOf(state: string | undefined): DriftState {
  return state && state in driftStateLabels ? (state as DriftState) : 'notChecked';
}

export const driftKindLabels: Record<DriftKind, MessageDescriptor> = {
  deleted: msg`Deleted`,
  modified: msg`Modified`,
  modifiedForcesReplacement: msg`Modified, forces replacement`,
  deployRequired: msg`Deploy required`,
};

export const driftKindTones: Record<DriftKind, BadgeTone> = {
  deleted: 'danger',
  modified: 'warning',
  modifiedForcesReplacement: 'danger',
  deployRequired: 'primary',
};

/** What a deployment would do to a resource whose code changed (drift kind deployRequired). */
export const deployRequiredKindLabels: Record<DeployRequiredKind, MessageDescriptor> = {
  creation: msg`Creation`,
  deletion: msg`Deletion`,
  modification: msg`Modification`,
  modificationForcesReplacement: msg`Modification forcing replacement`,
};

/**
 * The two remediations the console offers, in its order: deploy the code over the drift, or accept
 * the cloud's values. Named here, not taken from the whole enum, so a mode the server adds is not
 * offered before it has a label and a description.
 */
export const remediationModes = [
  'deploy',
  'acceptCloudValues',
] as const satisfies readonly DriftRemediationMode[];
export type OfferedRemediationMode = (typeof remediationModes)[number];

export const remediationModeLabels: Record<
  OfferedRemediationMode,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  deploy: {
    label: msg`Deploy the code over the drift`,
    description: msg`A deployment puts the resources back as the code describes them. It follows the stack's approval policy.`,
  },
  acceptCloudValues: {
    label: msg`Accept the cloud's values`,
    description: msg`A refresh-only deployment records the values found in the cloud in the state. Nothing changes in the cloud or in the code.`,
  },
};

export const jobStatusLabels: Record<JobStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  inProgress: msg`In progress`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  canceled: msg`Canceled`,
};
