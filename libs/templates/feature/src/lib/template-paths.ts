import { appPath } from '@terrace/session';

/** Links of the templates pages, through the session's route table so routes live in one place. */
export const templatePaths = {
  list: (tab?: 'templates' | 'blueprints') => appPath('templates', {}, tab && tab !== 'templates' ? { tab } : undefined),
  details: (id: string, tab?: string) => appPath('template', { id }, tab ? { tab } : undefined),
  createTemplate: () => appPath('createTemplateWizard'),
  editTemplate: (templateId: string) => appPath('editTemplateWizard', { templateId }),
  createBlueprint: () => appPath('createBlueprintWizard'),
  editBlueprint: (blueprintId: string) => appPath('editBlueprintWizard', { blueprintId }),
  stackFromTemplate: (templateId: string) => appPath('createStackFromTemplateWizard', { templateId }),
  stackFromBlueprint: (blueprintId: string) => appPath('createStackFromBlueprintWizard', { blueprintId }),
  stack: (stackId: string) => appPath('stack', { stackId }),
  namespace: (namespaceId: string) => appPath('namespace', { namespaceId }),
};
