import type { OrganizationType } from './session-model';

/**
 * Who may open a route (spec §2.3). The same table drives the guards on layout routes and the
 * navigation filter, so a link is never shown for a page that would turn the user away.
 */
export interface RouteAccess {
  /** Organization types that may open the route. */
  organizationTypes: readonly OrganizationType[];
  /** Whether users with a namespace-only role may open it. */
  namespaceOnly: boolean;
  /** When set, only these organization roles may open it. */
  roles?: readonly string[];
  /** When set, the route shows its upgrade fallback unless the organization has this capability. */
  capability?: string;
  /** When true, only organizations on the configured allow-list may open it. */
  organizationAllowList?: boolean;
}

export type AppArea =
  | 'dashboards'
  | 'inventory'
  | 'modules'
  | 'templates'
  | 'stacks'
  | 'externalRuns'
  | 'stackDiscovery'
  | 'policies'
  | 'namespaces'
  | 'userSettings'
  | 'teams'
  | 'organizationSettings'
  | 'accessTokens'
  | 'models'
  | 'audit'
  | 'cloudEvents'
  | 'activeRuns'
  | 'docs'
  | 'reports'
  | 'tfcMigration'
  | 'stackSets'
  | 'vcs'
  | 'disasterRecovery';

export interface AppRouteDefinition {
  /** Path below the authenticated base /app, in react-router syntax. */
  path: string;
  area: AppArea;
  access: RouteAccess;
}

const regular: RouteAccess = { organizationTypes: ['regular'], namespaceOnly: false };
const regularAndNamespaceOnly: RouteAccess = { organizationTypes: ['regular'], namespaceOnly: true };
const everyOrganization: RouteAccess = { organizationTypes: ['regular', 'management'], namespaceOnly: false };
const adminAndViewer = ['admin', 'viewer'] as const;
const disasterRecovery: RouteAccess = {
  organizationTypes: ['regular'],
  namespaceOnly: false,
  roles: adminAndViewer,
  capability: 'disasterRecovery',
};

/** Every authenticated route of spec §2.2, keyed by a stable id used by paths, guards and navigation. */
export const appRoutes = {
  // Dashboards
  dashboard: { path: 'dashboard', area: 'dashboards', access: regular },
  awsDashboard: { path: 'awsDashboard', area: 'dashboards', access: regular },
  azureDashboard: { path: 'azureDashboard', area: 'dashboards', access: regular },
  gcpDashboard: { path: 'gcpDashboard', area: 'dashboards', access: regular },
  securityDashboard: { path: 'securityDashboard', area: 'dashboards', access: regular },
  complianceDashboard: { path: 'complianceDashboard', area: 'dashboards', access: regular },
  iacRiskDashboard: { path: 'iacRiskDashboard', area: 'dashboards', access: regular },
  // Inventory and import
  iacImport: { path: 'iacImport', area: 'inventory', access: regular },
  resourceFinder: { path: 'resourceFinder', area: 'inventory', access: regular },
  cloudInventory: { path: 'cloudInventory', area: 'inventory', access: regular },
  importStackWizard: { path: 'importStackWizard/:suggestedStackId', area: 'inventory', access: regular },
  importToExistingStackWizard: { path: 'importToExistingStackWizard/:suggestedStackId', area: 'inventory', access: regular },
  importBulkStacksWizard: { path: 'importBulkStacksWizard', area: 'inventory', access: regular },
  // Terraform modules
  tfExplorer: { path: 'tfExplorer', area: 'modules', access: regular },
  tfRegistry: { path: 'tfRegistry', area: 'modules', access: regular },
  tfModule: { path: 'tfModule/:moduleId', area: 'modules', access: regular },
  createTFModuleWizard: { path: 'createTFModuleWizard', area: 'modules', access: regular },
  editTFModuleWizard: { path: 'editTFModuleWizard/:moduleId', area: 'modules', access: regular },
  // Templates and blueprints
  templates: { path: 'templates', area: 'templates', access: regular },
  template: { path: 'template/:id', area: 'templates', access: regular },
  createTemplateWizard: { path: 'createTemplateWizard', area: 'templates', access: regular },
  editTemplateWizard: { path: 'editTemplateWizard/:templateId', area: 'templates', access: regular },
  createBlueprintWizard: { path: 'createBlueprintWizard', area: 'templates', access: regular },
  editBlueprintWizard: { path: 'editBlueprintWizard/:blueprintId', area: 'templates', access: regular },
  createStackFromTemplateWizard: { path: 'createStackFromTemplateWizard/:templateId', area: 'templates', access: regular },
  createStackFromBlueprintWizard: { path: 'createStackFromBlueprintWizard/:blueprintId', area: 'templates', access: regular },
  // Stacks and runs
  stack: { path: 'stack/:stackId', area: 'stacks', access: regularAndNamespaceOnly },
  createStackWizard: { path: 'createStackWizard', area: 'stacks', access: regularAndNamespaceOnly },
  cloneStackWizard: { path: 'cloneStackWizard', area: 'stacks', access: regularAndNamespaceOnly },
  editStackWizard: { path: 'editStackWizard/:stackId', area: 'stacks', access: regularAndNamespaceOnly },
  deployment: { path: 'deployment/:deploymentId', area: 'stacks', access: regularAndNamespaceOnly },
  plan: { path: 'plan/:planId', area: 'stacks', access: regularAndNamespaceOnly },
  task: { path: 'task/:taskId', area: 'stacks', access: regularAndNamespaceOnly },
  // External and remote runs
  expRun: { path: 'expRun/:runId', area: 'externalRuns', access: regularAndNamespaceOnly },
  expStack: { path: 'expStack/:stackId', area: 'externalRuns', access: regularAndNamespaceOnly },
  expNamespace: { path: 'expNamespace/:namespaceId', area: 'externalRuns', access: regularAndNamespaceOnly },
  remoteRun: { path: 'remoteRun/:runId', area: 'externalRuns', access: regularAndNamespaceOnly },
  // Stack discovery
  stackDiscovery: { path: 'stackDiscovery/:stackDiscoveryConfigurationId', area: 'stackDiscovery', access: regular },
  createStackDiscoveryWizard: { path: 'createStackDiscoveryWizard', area: 'stackDiscovery', access: regular },
  editStackDiscoveryWizard: {
    path: 'editStackDiscoveryWizard/:stackDiscoveryConfigurationId',
    area: 'stackDiscovery',
    access: regular,
  },
  // Policies
  driftCenter: { path: 'driftCenter', area: 'policies', access: regular },
  controlPolicies: { path: 'controlPolicies', area: 'policies', access: regular },
  securityStandard: { path: 'securityStandard/:id', area: 'policies', access: regular },
  controlPolicyGroup: { path: 'controlPolicyGroup/:controlPolicyGroupId', area: 'policies', access: regular },
  policyViolations: { path: 'policyViolations', area: 'policies', access: regular },
  createControlPolicyWizard: { path: 'createControlPolicyWizard', area: 'policies', access: regular },
  editControlPolicyWizard: { path: 'editControlPolicyWizard/:controlPolicyId', area: 'policies', access: regular },
  createControlPolicyGroupWizard: { path: 'createControlPolicyGroupWizard', area: 'policies', access: regular },
  editControlPolicyGroupWizard: {
    path: 'editControlPolicyGroupWizard/:controlPolicyGroupId',
    area: 'policies',
    access: regular,
  },
  // Namespaces
  namespaces: { path: 'namespaces', area: 'namespaces', access: regularAndNamespaceOnly },
  namespace: { path: 'namespace/:namespaceId', area: 'namespaces', access: regularAndNamespaceOnly },
  createNamespaceWizard: { path: 'createNamespaceWizard', area: 'namespaces', access: regular },
  editNamespaceWizard: { path: 'editNamespaceWizard/:namespaceId', area: 'namespaces', access: regular },
  // Settings and people
  userSetting: { path: 'user/setting', area: 'userSettings', access: { ...everyOrganization, namespaceOnly: true } },
  team: { path: 'team/:teamId', area: 'teams', access: everyOrganization },
  organizationSetting: {
    path: 'organization/setting',
    area: 'organizationSettings',
    access: { ...everyOrganization, roles: adminAndViewer },
  },
  terraformLogin: { path: 'personalAccessToken/terraformLogin', area: 'accessTokens', access: regularAndNamespaceOnly },
  // Other
  createModelWizard: { path: 'createModelWizard', area: 'models', access: regular },
  audit: { path: 'audit', area: 'audit', access: regular },
  cloudEvents: { path: 'cloudEvents', area: 'cloudEvents', access: regular },
  activeRuns: { path: 'activeRuns', area: 'activeRuns', access: regular },
  docsFallback: { path: 'docsFallback', area: 'docs', access: regularAndNamespaceOnly },
  reports: { path: 'reports', area: 'reports', access: regular },
  terraformCloudMigration: {
    path: 'terraformCloudMigration',
    area: 'tfcMigration',
    access: { ...regular, organizationAllowList: true },
  },
  createStackSetWizard: { path: 'createStackSetWizard', area: 'stackSets', access: regular },
  postGithubInstallation: { path: 'postGithubInstallation', area: 'vcs', access: regular },
  // Disaster recovery
  disasterRecovery: { path: 'disasterRecovery', area: 'disasterRecovery', access: disasterRecovery },
  disasterRecoverySnapshot: {
    path: 'disasterRecovery/snapshot/:snapshotId',
    area: 'disasterRecovery',
    access: disasterRecovery,
  },
  createDRConfigWizard: { path: 'createDRConfigWizard', area: 'disasterRecovery', access: disasterRecovery },
  editDRConfigWizard: {
    path: 'editDRConfigWizard/:disasterRecoveryConfigurationId',
    area: 'disasterRecovery',
    access: disasterRecovery,
  },
} as const satisfies Record<string, AppRouteDefinition>;

export type AppRouteId = keyof typeof appRoutes;

export const appRouteIds = Object.keys(appRoutes) as AppRouteId[];
