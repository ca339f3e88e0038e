import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isAiAssistantVisible } from '@terrace/domain';
import { canOpen, decideRoute, type AccessContext, type AppRouteId, type Query } from '@terrace/session';

export type NavIcon =
  | 'cloud'
  | 'automation'
  | 'shield'
  | 'import'
  | 'recovery'
  | 'explorer'
  | 'migration'
  | 'admin'
  | 'assistant';

export interface NavLeaf {
  id: string;
  label: MessageDescriptor;
  routeId: AppRouteId;
  query?: Query;
  /** Other routes under which this entry counts as the current one (detail pages, wizards). */
  activeFor?: readonly AppRouteId[];
  /** A labelled group inside the group (spec §2.4: Private Registry inside Terraform Explorer). */
  subgroup?: NavSubgroup;
}

export interface NavSubgroup {
  id: string;
  label: MessageDescriptor;
}

const privateRegistry: NavSubgroup = { id: 'privateRegistry', label: msg`Private Registry` };

export interface NavGroup {
  id: string;
  label: MessageDescriptor;
  icon: NavIcon;
  items: readonly NavLeaf[];
}

/** The side navigation tree of spec §2.4; a group with one item renders as a single entry. */
export const navTree: readonly NavGroup[] = [
  {
    id: 'cloudDiscovery',
    label: msg`Cloud Discovery`,
    icon: 'cloud',
    items: [
      { id: 'dashboard', label: msg`Dashboard`, routeId: 'dashboard' },
      { id: 'awsDashboard', label: msg`AWS Dashboard`, routeId: 'awsDashboard' },
      { id: 'azureDashboard', label: msg`Azure Dashboard`, routeId: 'azureDashboard' },
      { id: 'gcpDashboard', label: msg`GCP Dashboard`, routeId: 'gcpDashboard' },
      { id: 'cloudInventory', label: msg`Cloud Inventory`, routeId: 'cloudInventory', activeFor: ['resourceFinder'] },
      { id: 'cloudEvents', label: msg`Cloud Events`, routeId: 'cloudEvents' },
    ],
  },
  {
    id: 'automation',
    label: msg`Infrastructure Automation`,
    icon: 'automation',
    items: [
      {
        id: 'namespaces',
        label: msg`Namespaces and Stacks`,
        routeId: 'namespaces',
        activeFor: [
          'namespace',
          'createNamespaceWizard',
          'editNamespaceWizard',
          'stack',
          'createStackWizard',
          'cloneStackWizard',
          'editStackWizard',
          'deployment',
          'plan',
          'task',
        ],
      },
      { id: 'activeRuns', label: msg`Active Runs`, routeId: 'activeRuns' },
      { id: 'driftCenter', label: msg`Drift Center`, routeId: 'driftCenter' },
      {
        id: 'templates',
        label: msg`Self-Service Templates`,
        routeId: 'templates',
        activeFor: ['template', 'createTemplateWizard', 'editTemplateWizard', 'createBlueprintWizard', 'editBlueprintWizard'],
      },
      {
        id: 'stackDiscovery',
        label: msg`Stack Discovery`,
        routeId: 'stackDiscoveries',
        activeFor: ['stackDiscovery', 'createStackDiscoveryWizard', 'editStackDiscoveryWizard'],
      },
    ],
  },
  {
    id: 'security',
    label: msg`Security and Governance`,
    icon: 'shield',
    items: [
      { id: 'iacRiskDashboard', label: msg`IaC Risk Dashboard`, routeId: 'iacRiskDashboard' },
      {
        id: 'controlPolicies',
        label: msg`Control Policies`,
        routeId: 'controlPolicies',
        activeFor: [
          'securityStandard',
          'controlPolicyGroup',
          'createControlPolicyWizard',
          'editControlPolicyWizard',
          'createControlPolicyGroupWizard',
          'editControlPolicyGroupWizard',
        ],
      },
      { id: 'policyViolations', label: msg`Policy Violations`, routeId: 'policyViolations' },
      { id: 'securityPosture', label: msg`Security Posture`, routeId: 'securityDashboard' },
      { id: 'compliancePosture', label: msg`Compliance Posture`, routeId: 'complianceDashboard' },
      {
        id: 'securityCodeAnalysis',
        label: msg`Security Code Analysis`,
        routeId: 'policyViolations',
        query: { view: 'code-analysis' },
      },
    ],
  },
  {
    id: 'terraformImport',
    label: msg`Terraform Import`,
    icon: 'import',
    items: [
      {
        id: 'iacImport',
        label: msg`Terraform Import`,
        routeId: 'iacImport',
        activeFor: ['importStackWizard', 'importToExistingStackWizard', 'importBulkStacksWizard'],
      },
    ],
  },
  {
    id: 'disasterRecovery',
    label: msg`Disaster Recovery`,
    icon: 'recovery',
    items: [
      {
        id: 'disasterRecovery',
        label: msg`Disaster Recovery`,
        routeId: 'disasterRecovery',
        activeFor: ['disasterRecoverySnapshot', 'createDRConfigWizard', 'editDRConfigWizard'],
      },
    ],
  },
  {
    id: 'terraformExplorer',
    label: msg`Terraform Explorer`,
    icon: 'explorer',
    items: [
      { id: 'tfExplorer', label: msg`Explorer`, routeId: 'tfExplorer' },
      {
        id: 'tfModules',
        label: msg`Terraform Modules`,
        routeId: 'tfRegistry',
        activeFor: ['tfModule', 'createTFModuleWizard', 'editTFModuleWizard'],
        subgroup: privateRegistry,
      },
      {
        id: 'tfProviders',
        label: msg`Terraform Providers`,
        routeId: 'tfRegistry',
        query: { tab: 'providers' },
        subgroup: privateRegistry,
      },
    ],
  },
  {
    id: 'terraformCloudMigration',
    label: msg`Terraform Cloud Migration`,
    icon: 'migration',
    items: [{ id: 'terraformCloudMigration', label: msg`Terraform Cloud Migration`, routeId: 'terraformCloudMigration' }],
  },
  {
    id: 'administration',
    label: msg`Administration`,
    icon: 'admin',
    items: [
      { id: 'reports', label: msg`Reports`, routeId: 'reports' },
      { id: 'audit', label: msg`Audit`, routeId: 'audit' },
    ],
  },
];

export interface VisibleNavLeaf extends NavLeaf {
  /** The page exists for the user but the plan lacks its capability (lock marker). */
  locked: boolean;
}

export interface VisibleNavGroup extends Omit<NavGroup, 'items'> {
  items: VisibleNavLeaf[];
}

/** A group's entries in order, consecutive entries of one subgroup gathered under it. */
export type NavRun<L extends NavLeaf> = { kind: 'leaf'; leaf: L } | { kind: 'subgroup'; subgroup: NavSubgroup; leaves: L[] };

export function navRuns<L extends NavLeaf>(items: readonly L[]): NavRun<L>[] {
  const runs: NavRun<L>[] = [];
  for (const leaf of items) {
    const last = runs.at(-1);
    if (!leaf.subgroup) runs.push({ kind: 'leaf', leaf });
    else if (last?.kind === 'subgroup' && last.subgroup.id === leaf.subgroup.id) last.leaves.push(leaf);
    else runs.push({ kind: 'subgroup', subgroup: leaf.subgroup, leaves: [leaf] });
  }
  return runs;
}

/** The tree filtered by the same access table the guards use (organization type, role, id, capability). */
export function visibleNavTree(ctx: AccessContext, tree: readonly NavGroup[] = navTree): VisibleNavGroup[] {
  return tree
    .map((group) => ({
      ...group,
      items: group.items
        .filter((item) => canOpen(item.routeId, ctx))
        .map((item) => ({ ...item, locked: decideRoute(item.routeId, ctx).kind === 'needsCapability' })),
    }))
    .filter((group) => group.items.length > 0);
}

/** The AI Chat Assistant entry: hidden for namespace-only users (spec §6, @terrace/domain's rule) and in management mode. */
export function showsAssistantEntry(ctx: AccessContext): boolean {
  return ctx.organizationType === 'regular' && isAiAssistantVisible(ctx.role);
}
