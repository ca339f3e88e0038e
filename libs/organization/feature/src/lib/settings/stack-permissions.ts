import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CustomRolePermissionName } from '@terrace/organization/data-access';

/** The stack-level permissions of spec/automation.md §6, grouped by what they act on. */
export const stackPermissionGroups: { resource: string; label: MessageDescriptor; actions: { name: CustomRolePermissionName; label: MessageDescriptor }[] }[] = [
  {
    resource: 'stack',
    label: msg`Stacks`,
    actions: [
      { name: 'stack:create', label: msg`Create` },
      { name: 'stack:update', label: msg`Update` },
      { name: 'stack:delete', label: msg`Delete` },
      { name: 'stack:createFromTemplate', label: msg`Create from a template` },
      { name: 'stack:createFromBlueprint', label: msg`Create from a blueprint` },
      { name: 'stack:extendTtl', label: msg`Extend time to live` },
      { name: 'stack:retryInitialization', label: msg`Retry initialization` },
    ],
  },
  {
    resource: 'deployment',
    label: msg`Deployments`,
    actions: [
      { name: 'deployment:start', label: msg`Start` },
      { name: 'deployment:approve', label: msg`Approve` },
      { name: 'deployment:approveFailedPolicies', label: msg`Approve despite failed policies` },
      { name: 'deployment:cancel', label: msg`Cancel` },
    ],
  },
  { resource: 'destroyDeployment', label: msg`Destroy deployments`, actions: [{ name: 'destroyDeployment:start', label: msg`Start` }] },
  {
    resource: 'plan',
    label: msg`Plans`,
    actions: [
      { name: 'plan:start', label: msg`Start` },
      { name: 'plan:cancel', label: msg`Cancel` },
    ],
  },
  { resource: 'driftDetection', label: msg`Drift detection`, actions: [{ name: 'driftDetection:start', label: msg`Start` }] },
  {
    resource: 'stackVariable',
    label: msg`Stack variables`,
    actions: [
      { name: 'stackVariable:create', label: msg`Create` },
      { name: 'stackVariable:update', label: msg`Update` },
      { name: 'stackVariable:delete', label: msg`Delete` },
    ],
  },
];

export const allStackPermissions: readonly CustomRolePermissionName[] = stackPermissionGroups.flatMap((group) => group.actions.map((a) => a.name));
