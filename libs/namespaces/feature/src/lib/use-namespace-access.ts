import { useAccess } from '@terrace/session';

export interface NamespaceAccess {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canGrant: boolean;
  /** Why an action is refused, in the user's language (undefined when allowed). */
  reasons: { create?: string; edit?: string; delete?: string; grant?: string };
}

/**
 * Who may change namespaces, from the shared access model the server enforces: the wizards'
 * routes declare namespace:create and namespace:update, the other actions their permission.
 */
export function useNamespaceAccess(): NamespaceAccess {
  const create = useAccess('createNamespaceWizard');
  const edit = useAccess('editNamespaceWizard');
  const remove = useAccess('namespace:delete');
  const grant = useAccess('namespacePermission:manage');
  return {
    canCreate: create.allowed,
    canEdit: edit.allowed,
    canDelete: remove.allowed,
    canGrant: grant.allowed,
    reasons: {
      ...(create.allowed ? {} : { create: create.reason }),
      ...(edit.allowed ? {} : { edit: edit.reason }),
      ...(remove.allowed ? {} : { delete: remove.reason }),
      ...(grant.allowed ? {} : { grant: grant.reason }),
    },
  };
}
