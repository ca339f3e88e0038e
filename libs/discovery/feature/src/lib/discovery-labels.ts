import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StackDiscoveryStatus } from '@terrace/discovery/data-access';

// The list needs only the statuses: the modes' labels are in discovery-mode-labels.ts, the
// proposals' in proposals-panel.tsx.

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
