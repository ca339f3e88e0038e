import { appPath } from '@terrace/session';

/** Where the dashboard sends people, through the session's route table (domains never import each other's pages). */
export const dashboardPaths = {
  vcsProviders: () => appPath('organizationSetting', {}, { id: 'vcs-providers' }),
  createNamespace: () => appPath('createNamespaceWizard'),
  namespaces: () => appPath('namespaces'),
  createStack: () => appPath('createStackWizard'),
  stack: (stackId: string) => appPath('stack', { stackId }),
  namespace: (namespaceId: string) => appPath('namespace', { namespaceId }),
  activeRuns: () => appPath('activeRuns'),
  driftCenter: () => appPath('driftCenter'),
  audit: () => appPath('audit'),
};
