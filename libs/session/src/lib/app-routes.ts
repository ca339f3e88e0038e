import type { Permission } from '@terrace/domain';
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
  /** When set, only these organization roles may open it (prefer `permission`: the shared table). */
  roles?: readonly string[];
  /** When set, the route shows its upgrade fallback unless the organization has this capability. */
  capability?: string;
  /** When true, only organizations on the configured allow-list may open it. */
  organizationAllowList?: boolean;
  /**
   * The permission of the shared access model (@terrace/domain) the page needs, so a page whose
   * action the server would refuse (a wizard that ends in a 403) is not opened. A namespaced
   * permission a namespace-only user may hold in some namespace counts as allowed here.
   */
  permission?: Permission;
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
// Spec §2.3: admin and viewer only; the disasterRecovery permissions are held by exactly those.
const disasterRecovery: RouteAccess = {
  organizationTypes: ['regular'],
  namespaceOnly: false,
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
  iacImport: { path: 'iacImport', area: 'inventory', access: { ...regular, permission: 'inventory:read' } },
  resourceFinder: { path: 'resourceFinder', area: 'inventory', access: { ...regular, permission: 'inventory:read' } },
  cloudInventory: { path: 'cloudInventory', area: 'inventory', access: { ...regular, permission: 'inventory:read' } },
  importStackWizard: { path: 'importStackWizard/:suggestedStackId', area: 'inventory', access: { ...regular, permission: 'stack:create' } },
  importToExistingStackWizard: { path: 'importToExistingStackWizard/:suggestedStackId', area: 'inventory', access: { ...regular, permission: 'stack:update' } },
  importBulkStacksWizard: { path: 'importBulkStacksWizard', area: 'inventory', access: { ...regular, permission: 'stack:create' } },
  // Terraform modules
  tfExplorer: { path: 'tfExplorer', area: 'modules', access: { ...regular, permission: 'module:read' } },
  tfRegistry: { path: 'tfRegistry', area: 'modules', access: { ...regular, permission: 'module:read' } },
  tfModule: { path: 'tfModule/:moduleId', area: 'modules', access: { ...regular, permission: 'module:read' } },
  createTFModuleWizard: { path: 'createTFModuleWizard', area: 'modules', access: { ...regular, permission: 'module:create' } },
  editTFModuleWizard: { path: 'editTFModuleWizard/:moduleId', area: 'modules', access: { ...regular, permission: 'module:update' } },
  // Templates and blueprints
  templates: { path: 'templates', area: 'templates', access: { ...regular, permission: 'template:read' } },
  template: { path: 'template/:id', area: 'templates', access: { ...regular, permission: 'template:read' } },
  createTemplateWizard: { path: 'createTemplateWizard', area: 'templates', access: { ...regular, permission: 'template:create' } },
  editTemplateWizard: { path: 'editTemplateWizard/:templateId', area: 'templates', access: { ...regular, permission: 'template:update' } },
  createBlueprintWizard: { path: 'createBlueprintWizard', area: 'templates', access: { ...regular, permission: 'blueprint:create' } },
  editBlueprintWizard: { path: 'editBlueprintWizard/:blueprintId', area: 'templates', access: { ...regular, permission: 'blueprint:update' } },
  createStackFromTemplateWizard: { path: 'createStackFromTemplateWizard/:templateId', area: 'templates', access: { ...regular, permission: 'stack:createFromTemplate' } },
  createStackFromBlueprintWizard: { path: 'createStackFromBlueprintWizard/:blueprintId', area: 'templates', access: { ...regular, permission: 'stack:createFromBlueprint' } },
  // Stacks and runs
  stack: { path: 'stack/:stackId', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:read' } },
  createStackWizard: { path: 'createStackWizard', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:create' } },
  cloneStackWizard: { path: 'cloneStackWizard', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:create' } },
  editStackWizard: { path: 'editStackWizard/:stackId', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:update' } },
  deployment: { path: 'deployment/:deploymentId', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:read' } },
  plan: { path: 'plan/:planId', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:read' } },
  task: { path: 'task/:taskId', area: 'stacks', access: { ...regularAndNamespaceOnly, permission: 'stack:read' } },
  // External and remote runs
  expRun: { path: 'expRun/:runId', area: 'externalRuns', access: regularAndNamespaceOnly },
  expStack: { path: 'expStack/:stackId', area: 'externalRuns', access: regularAndNamespaceOnly },
  expNamespace: { path: 'expNamespace/:namespaceId', area: 'externalRuns', access: regularAndNamespaceOnly },
  remoteRun: { path: 'remoteRun/:runId', area: 'externalRuns', access: regularAndNamespaceOnly },
  // Stack discovery
  // The list behind the spec's /app/stackDiscovery route constant.
  stackDiscoveries: { path: 'stackDiscovery', area: 'stackDiscovery', access: { ...regular, permission: 'stackDiscovery:read' } },
  stackDiscovery: { path: 'stackDiscovery/:stackDiscoveryConfigurationId', area: 'stackDiscovery', access: { ...regular, permission: 'stackDiscovery:read' } },
  createStackDiscoveryWizard: { path: 'createStackDiscoveryWizard', area: 'stackDiscovery', access: { ...regular, permission: 'stackDiscovery:create' } },
  editStackDiscoveryWizard: {
    path: 'editStackDiscoveryWizard/:stackDiscoveryConfigurationId',
    area: 'stackDiscovery',
    access: { ...regular, permission: 'stackDiscovery:update' },
  },
  // Policies
  driftCenter: { path: 'driftCenter', area: 'policies', access: regular },
  controlPolicies: { path: 'controlPolicies', area: 'policies', access: { ...regular, permission: 'controlPolicy:read' } },
  securityStandard: { path: 'securityStandard/:id', area: 'policies', access: { ...regular, permission: 'controlPolicy:read' } },
  controlPolicyGroup: { path: 'controlPolicyGroup/:controlPolicyGroupId', area: 'policies', access: { ...regular, permission: 'controlPolicy:read' } },
  policyViolations: { path: 'policyViolations', area: 'policies', access: { ...regular, permission: 'controlPolicy:read' } },
  createControlPolicyWizard: { path: 'createControlPolicyWizard', area: 'policies', access: { ...regular, permission: 'controlPolicy:create' } },
  editControlPolicyWizard: { path: 'editControlPolicyWizard/:controlPolicyId', area: 'policies', access: { ...regular, permission: 'controlPolicy:update' } },
  createControlPolicyGroupWizard: { path: 'createControlPolicyGroupWizard', area: 'policies', access: { ...regular, permission: 'controlPolicy:create' } },
  editControlPolicyGroupWizard: {
    path: 'editControlPolicyGroupWizard/:controlPolicyGroupId',
    area: 'policies',
    access: { ...regular, permission: 'controlPolicy:update' },
  },
  // Namespaces
  namespaces: { path: 'namespaces', area: 'namespaces', access: { ...regularAndNamespaceOnly, permission: 'namespace:read' } },
  namespace: { path: 'namespace/:namespaceId', area: 'namespaces', access: { ...regularAndNamespaceOnly, permission: 'namespace:read' } },
  createNamespaceWizard: { path: 'createNamespaceWizard', area: 'namespaces', access: { ...regular, permission: 'namespace:create' } },
  editNamespaceWizard: { path: 'editNamespaceWizard/:namespaceId', area: 'namespaces', access: { ...regular, permission: 'namespace:update' } },
  // Settings and people
  userSetting: { path: 'user/setting', area: 'userSettings', access: { ...everyOrganization, namespaceOnly: true } },
  team: { path: 'team/:teamId', area: 'teams', access: { ...everyOrganization, permission: 'team:read' } },
  organizationSetting: {
    path: 'organization/setting',
    area: 'organizationSettings',
    // Spec §2.3: admin and viewer only; the table gives user:read to exactly those.
    access: { ...everyOrganization, permission: 'user:read' },
  },
  terraformLogin: { path: 'personalAccessToken/terraformLogin', area: 'accessTokens', access: regularAndNamespaceOnly },
  // Other
  createModelWizard: { path: 'createModelWizard', area: 'models', access: regular },
  audit: { path: 'audit', area: 'audit', access: { ...regular, permission: 'audit:read' } },
  cloudEvents: { path: 'cloudEvents', area: 'cloudEvents', access: { ...regular, permission: 'inventory:read' } },
  activeRuns: { path: 'activeRuns', area: 'activeRuns', access: { ...regular, permission: 'stack:read' } },
  docsFallback: { path: 'docsFallback', area: 'docs', access: regularAndNamespaceOnly },
  reports: { path: 'reports', area: 'reports', access: { ...regular, permission: 'report:read' } },
  terraformCloudMigration: {
    path: 'terraformCloudMigration',
    area: 'tfcMigration',
    access: { ...regular, organizationAllowList: true, permission: 'tfcMigration:read' },
  },
  createStackSetWizard: { path: 'createStackSetWizard', area: 'stackSets', access: regular },
  postGithubInstallation: { path: 'postGithubInstallation', area: 'vcs', access: regular },
  // Disaster recovery
  disasterRecovery: { path: 'disasterRecovery', area: 'disasterRecovery', access: { ...disasterRecovery, permission: 'disasterRecovery:read' } },
  disasterRecoverySnapshot: {
    path: 'disasterRecovery/snapshot/:snapshotId',
    area: 'disasterRecovery',
    access: { ...disasterRecovery, permission: 'disasterRecovery:read' },
  },
  createDRConfigWizard: { path: 'createDRConfigWizard', area: 'disasterRecovery', access: { ...disasterRecovery, permission: 'disasterRecovery:create' } },
  editDRConfigWizard: {
    path: 'editDRConfigWizard/:disasterRecoveryConfigurationId',
    area: 'disasterRecovery',
    access: { ...disasterRecovery, permission: 'disasterRecovery:update' },
  },
} as const satisfies Record<string, AppRouteDefinition>;

export type AppRouteId = keyof typeof appRoutes;

export const appRouteIds = Object.keys(appRoutes) as AppRouteId[];
