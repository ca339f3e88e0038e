import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StackDiscoveryMode, StackDiscoveryProposalStatus, StackDiscoveryStatus } from '@terrace/discovery/data-access';

/** §4: discovery states. */
export const discoveryStatusLabels: Record<StackDiscoveryStatus, MessageDescriptor> = {
  // A scan recorded and waiting for the job queue (or a configuration never scanned yet).
  init: msg`Waiting to scan`,
  inProgress: msg`Scanning`,
  error: msg`Error`,
  finished: msg`Finished`,
};
export const discoveryStatusTones: Record<StackDiscoveryStatus, 'neutral' | 'info' | 'danger' | 'success'> = {
  init: 'neutral',
  inProgress: 'info',
  error: 'danger',
  finished: 'success',
};

/** What a scan does with a directory no stack manages yet. */
export const discoveryModeLabels: Record<StackDiscoveryMode, { label: MessageDescriptor; help: MessageDescriptor }> = {
  create: { label: msg`Create stacks`, help: msg`Each new folder with infrastructure code becomes a stack at once.` },
  propose: { label: msg`Propose stacks`, help: msg`New folders are listed as proposed stacks; you accept (create) or dismiss each one.` },
};

export const proposalStatusLabels: Record<StackDiscoveryProposalStatus, MessageDescriptor> = {
  proposed: msg`Proposed`,
  accepted: msg`Accepted`,
  dismissed: msg`Dismissed`,
};
export const proposalStatusTones: Record<StackDiscoveryProposalStatus, 'neutral' | 'info' | 'success'> = {
  proposed: 'info',
  accepted: 'success',
  dismissed: 'neutral',
};
