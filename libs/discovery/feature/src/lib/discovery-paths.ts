import { appPath } from '@terrace/session';

/** Links of the stack discovery pages, through the session's route table so routes live in one place. */
export const discoveryPaths = {
  list: () => appPath('stackDiscoveries'),
  details: (stackDiscoveryConfigurationId: string, tab?: string) => appPath('stackDiscovery', { stackDiscoveryConfigurationId }, tab ? { tab } : undefined),
  create: () => appPath('createStackDiscoveryWizard'),
  edit: (stackDiscoveryConfigurationId: string) => appPath('editStackDiscoveryWizard', { stackDiscoveryConfigurationId }),
  stack: (stackId: string) => appPath('stack', { stackId }),
  namespace: (namespaceId: string) => appPath('namespace', { namespaceId }),
};
