import { useAccess, type AccessState } from '@terrace/session';

export interface Allowed {
  canEdit: boolean;
  readOnlyReason: string;
}

function allowed(state: AccessState): Allowed {
  return { canEdit: state.allowed, readOnlyReason: state.allowed ? '' : state.reason };
}

/**
 * Who may change templates and blueprints, from the shared access model the server enforces
 * (the wizards' routes declare their permissions; the rest name theirs).
 */
export function useTemplateAccess() {
  return {
    createTemplate: allowed(useAccess('createTemplateWizard')),
    editTemplate: allowed(useAccess('editTemplateWizard')),
    deleteTemplate: allowed(useAccess('template:delete')),
    createBlueprint: allowed(useAccess('createBlueprintWizard')),
    editBlueprint: allowed(useAccess('editBlueprintWizard')),
    deleteBlueprint: allowed(useAccess('blueprint:delete')),
    stackFromTemplate: allowed(useAccess('createStackFromTemplateWizard')),
    stackFromBlueprint: allowed(useAccess('createStackFromBlueprintWizard')),
  };
}
export type TemplateAccess = ReturnType<typeof useTemplateAccess>;
