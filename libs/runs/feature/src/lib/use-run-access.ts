import type { Permission } from '@terrace/domain';
import type { RunDetailKind } from '@terrace/runs/data-access';
import { useAccess, type AccessState } from '@terrace/session';
import type { RunAction } from './run-action-rules';

/** The permission of spec §6 each action needs (tasks are never force-started, plans never approved). */
function permissionFor(kind: RunDetailKind, action: RunAction): Permission {
  switch (action) {
    case 'approve':
      return 'deployment:approve';
    case 'approveFailedPolicies':
      return 'deployment:approveFailedPolicies';
    case 'cancel':
    case 'forceCancel':
      return `${kind}:cancel`;
    case 'forceStart':
      return kind === 'plan' ? 'plan:start' : 'deployment:start';
  }
}

export type RunAccess = Record<RunAction | 'comment', AccessState>;

/**
 * Whether the user may act on a run in its namespace, per action, from the access model the
 * server enforces, with the translated reason when not (controls stay visible, disabled).
 */
export function useRunAccess(kind: RunDetailKind, namespaceId: string | undefined): RunAccess {
  const target = namespaceId ? { namespaceId } : {};
  const access = (action: RunAction) => ({ permission: permissionFor(kind, action), ...target });
  return {
    approve: useAccess(access('approve')),
    approveFailedPolicies: useAccess(access('approveFailedPolicies')),
    cancel: useAccess(access('cancel')),
    forceCancel: useAccess(access('forceCancel')),
    forceStart: useAccess(access('forceStart')),
    comment: useAccess({ permission: 'comment:create', ...target }),
  };
}
