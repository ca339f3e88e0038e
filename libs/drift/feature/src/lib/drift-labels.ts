import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeProps } from '@terrace/design-system';
import type { DriftState } from '@terrace/drift/data-access';

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
