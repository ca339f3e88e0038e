import { appPath } from '@terrace/session';

/** Links of the stacks pages, through the session's route table so routes live in one place. */
export const stackPaths = {
  details: (stackId: string, tab?: string) => appPath('stack', { stackId }, tab ? { tab } : undefined),
  create: (namespaceId?: string) => appPath('createStackWizard', {}, namespaceId ? { namespaceId } : undefined),
  clone: (stackId: string) => appPath('cloneStackWizard', {}, { stackId }),
  edit: (stackId: string) => appPath('editStackWizard', { stackId }),
  namespace: (namespaceId: string) => appPath('namespace', { namespaceId }),
};
