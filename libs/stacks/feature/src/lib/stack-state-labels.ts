import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StackStateVersion, StateVersionStatus } from '@terrace/stacks/data-access';
import type { BadgeTone } from './stack-labels';

export const stateVersionStatusLabels: Record<StateVersionStatus, MessageDescriptor> = {
  current: msg`Current`,
  superseded: msg`Superseded`,
  quarantined: msg`Quarantined`,
};

export const stateVersionStatusTones: Record<StateVersionStatus, BadgeTone> = {
  current: 'success',
  superseded: 'neutral',
  quarantined: 'danger',
};

type CreatorKind = StackStateVersion['createdBy']['kind'];
export const stateWriterLabels: Record<CreatorKind, MessageDescriptor> = {
  user: msg`User`,
  programmaticUser: msg`Programmatic user`,
  job: msg`Run`,
};

/** Terraform's lock operations (statemgr's OperationType), in words. */
export const lockOperationLabels: Record<string, MessageDescriptor> = {
  OperationTypeApply: msg`Apply`,
  OperationTypePlan: msg`Plan`,
  OperationTypeRefresh: msg`Refresh`,
  OperationTypeInvalid: msg`Other`,
};
