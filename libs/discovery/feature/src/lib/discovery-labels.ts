import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StackDiscoveryStatus } from '@terrace/discovery/data-access';

/** §4: discovery states. */
export const discoveryStatusLabels: Record<StackDiscoveryStatus, MessageDescriptor> = {
  init: msg`Waiting for the first scan`,
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
