import { useLingui } from '@lingui/react/macro';
import type { EditAccess } from '@terrace/design-system';
import { useAccess, type AccessDeniedReason } from '@terrace/session';

export interface StackAccess {
  create: EditAccess;
  edit: EditAccess;
}

/**
 * Who may create and change stacks, from the session's access table (the wizards' routes); the
 * controls stay visible, disabled with the reason. The server checks again (stack permissions).
 */
export function useStackAccess(): StackAccess {
  const { t } = useLingui();
  const create = useAccess('createStackWizard');
  const edit = useAccess('editStackWizard');
  const reason = (why: AccessDeniedReason | null): string => {
    switch (why) {
      case 'loading':
        return t`Checking your access…`;
      case 'organizationType':
      case 'organization':
        return t`Stacks cannot be changed in this organization.`;
      case 'capability':
        return t`Your plan does not include this.`;
      default:
        return t`Your role cannot change stacks.`;
    }
  };
  return {
    create: { canEdit: create.allowed, readOnlyReason: reason(create.reason) },
    edit: { canEdit: edit.allowed, readOnlyReason: reason(edit.reason) },
  };
}
