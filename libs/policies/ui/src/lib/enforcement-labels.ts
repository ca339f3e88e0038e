import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { EnforcementLevel } from '@terrace/domain';

// The enforcement levels' names, apart from the policy types' (policy-labels.ts): a page that
// shows only one of them loads neither the other's texts nor their translations.
export const enforcementLabels: Record<EnforcementLevel, MessageDescriptor> = {
  warning: msg`Warning`,
  softMandatory: msg`Soft mandatory`,
  hardMandatory: msg`Hard mandatory`,
};
