import { useAccess } from '@terrace/session';

export interface NamespaceAccess {
  canCreate: boolean;
  canEdit: boolean;
}

/**
 * Who may change namespaces, from the session's access table: the create and edit wizards are
 * closed to namespace-only users and management organizations. The server checks again.
 */
export function useNamespaceAccess(): NamespaceAccess {
  const create = useAccess('createNamespaceWizard');
  const edit = useAccess('editNamespaceWizard');
  return { canCreate: create.allowed, canEdit: edit.allowed };
}
