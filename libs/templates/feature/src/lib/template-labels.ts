import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DependencyTriggerOption, EphemeralStackEventType, StackInitStatus } from '@terrace/templates/data-access';

// The engines' names are in engine-labels.ts: the lists need only those.

/** §4: the events of stacks made from a template. */
export const eventTypeLabels: Record<EphemeralStackEventType, MessageDescriptor> = {
  stackCreated: msg`Stack created`,
  stackDeleted: msg`Stack deleted`,
  resourceCreationComplete: msg`Resource creation complete`,
  resourceCreationFailed: msg`Resource creation failed`,
  resourceTerminationStarted: msg`Resource termination started`,
  resourceTerminationComplete: msg`Resource termination complete`,
  resourceTerminationFailed: msg`Resource Termination Failed`,
};
export const failedEventTypes: readonly EphemeralStackEventType[] = ['resourceCreationFailed', 'resourceTerminationFailed'];

/** §4: the init result of a stack, with the pull-request flow of blueprints. */
export const initStatusLabels: Record<StackInitStatus, MessageDescriptor> = {
  waitingForPrApproval: msg`Waiting for the pull request to be approved`,
  merged: msg`Pull request merged, initialising`,
  inProgress: msg`Initialising`,
  succeeded: msg`Initialised`,
  failed: msg`Initialization Failed (Persistent Template)`,
  unknown: msg`Unknown`,
};

export const triggerLabels: Record<DependencyTriggerOption, MessageDescriptor> = {
  always: msg`Always`,
  onReferenceValueChange: msg`On Reference Value Change`,
};

export const conditionOperatorLabels: Record<string, MessageDescriptor> = {
  ne: msg`not equal to`,
  lt: msg`less than`,
  lte: msg`less than or equal to`,
  gt: msg`greater than`,
  gte: msg`greater than or equal to`,
  startsWith: msg`starts with`,
  contains: msg`contains`,
  in: msg`one of`,
  match: msg`matches the regular expression`,
  boolean: msg`true or false`,
};
