import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DriftRemediationMode } from '@terrace/drift/data-access';

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
