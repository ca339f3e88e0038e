import type { EditAccess } from '@terrace/design-system';
import { useAccess, type AccessState } from '@terrace/session';

export interface PolicyAccess {
  create: EditAccess;
  update: EditAccess;
  remove: EditAccess;
}

const toEdit = (state: AccessState): EditAccess => (state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason });

/** Who may change control policies, groups and mappings: the permissions the contract declares (controlPolicy:*). */
export function usePolicyAccess(): PolicyAccess {
  return {
    create: toEdit(useAccess({ permission: 'controlPolicy:create' })),
    update: toEdit(useAccess({ permission: 'controlPolicy:update' })),
    remove: toEdit(useAccess({ permission: 'controlPolicy:delete' })),
  };
}
