import { useAccess, type AccessState } from '@terrace/session';

export interface Allowed {
  canEdit: boolean;
  readOnlyReason: string;
}

function allowed(state: AccessState): Allowed {
  return { canEdit: state.allowed, readOnlyReason: state.allowed ? '' : state.reason };
}

/**
 * Who may change a template or blueprint (its page), from the shared access model the server
 * enforces (the wizards' routes declare their permissions; the rest name theirs). The list's
 * create buttons ask for their wizards' routes themselves.
 */
export function useTemplateAccess() {
  return {
    editTemplate: allowed(useAccess('editTemplateWizard')),
    deleteTemplate: allowed(useAccess('template:delete')),
    editBlueprint: allowed(useAccess('editBlueprintWizard')),
    deleteBlueprint: allowed(useAccess('blueprint:delete')),
    stackFromTemplate: allowed(useAccess('createStackFromTemplateWizard')),
    stackFromBlueprint: allowed(useAccess('createStackFromBlueprintWizard')),
  };
}
export type TemplateAccess = ReturnType<typeof useTemplateAccess>;
