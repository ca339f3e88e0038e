import type { EditAccess } from '@terrace/design-system';
import { useAccess, type AccessState } from '@terrace/session';
import type { VariablePlace } from '@terrace/variables/data-access';

export interface VariableAccess {
  /** Create, change and delete the variables of the place. */
  edit: EditAccess;
  /** Read the value of a sensitive variable (its own permission). */
  reveal: EditAccess;
}

const toEditAccess = (state: AccessState): EditAccess =>
  state.allowed ? { canEdit: true, readOnlyReason: '' } : { canEdit: false, readOnlyReason: state.reason };

/**
 * Who may change a place's variables, from the shared access model the server enforces: the
 * organization's need the organization configuration permission, a namespace's the namespace's
 * update permission, a stack's the stack variable permissions (on its namespace).
 */
export function useVariableAccess(place: VariablePlace, namespaceId?: string): VariableAccess {
  const scoped = namespaceId ?? (place.scope === 'namespace' ? place.scopeId : undefined);
  const target = scoped ? { namespaceId: scoped } : {};
  const edit = useAccess(
    place.scope === 'organization'
      ? 'orgConfiguration:update'
      : place.scope === 'namespace'
        ? { permission: 'namespace:update', ...target }
        : place.scope === 'stack'
          ? { permission: 'stackVariable:update', ...target }
          : place.scope === 'template'
            ? 'template:update'
            : 'blueprint:update',
  );
  const reveal = useAccess({ permission: 'stackVariable:readSecret', ...target });
  return { edit: toEditAccess(edit), reveal: toEditAccess(reveal) };
}
