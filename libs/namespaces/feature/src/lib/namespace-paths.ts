import { appPath } from '@terrace/session';

/** Links of the namespaces pages, through the session's route table so routes live in one place. */
export const namespacePaths = {
  list: () => appPath('namespaces'),
  details: (namespaceId: string, tab?: string) => appPath('namespace', { namespaceId }, tab ? { tab } : undefined),
  create: () => appPath('createNamespaceWizard'),
  edit: (namespaceId: string) => appPath('editNamespaceWizard', { namespaceId }),
};
