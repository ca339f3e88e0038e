import type { EditAccess } from '@terrace/design-system';
import { useAccess, type AccessState } from '@terrace/session';

export interface StackAccess {
  create: EditAccess;
  edit: EditAccess;
  remove: EditAccess;
  extendTtl: EditAccess;
}

const toEditAccess = (state: AccessState): EditAccess =>
  state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason };

/**
 * Who may create and change stacks, from the shared access model the server enforces (the
 * wizards' routes, and the stack permissions); controls stay visible, disabled with the reason.
 */
export function useStackAccess(): StackAccess {
  const create = useAccess('createStackWizard');
  const edit = useAccess('editStackWizard');
  const remove = useAccess('stack:delete');
  const extendTtl = useAccess('stack:extendTtl');
  return { create: toEditAccess(create), edit: toEditAccess(edit), remove: toEditAccess(remove), extendTtl: toEditAccess(extendTtl) };
}
