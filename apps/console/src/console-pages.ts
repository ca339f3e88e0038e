import { dashboardPages } from '@terrace/dashboard/feature';
import { driftPages, LazyStackDriftTab } from '@terrace/drift/feature';
import { namespacesPagesWith } from '@terrace/namespaces/feature';
import { LazyStackList, stacksPagesWith } from '@terrace/stacks/feature';
import { organizationPages, organizationSettingsSections } from '@terrace/organization/feature';
import { policiesPages } from '@terrace/policies/feature';
import { LazyStackRunActions, LazyStackRunsTab, runsPages } from '@terrace/runs/feature';
import { composePages, composeSettingsSections } from '@terrace/session';
import { LazyNamespaceVariablesPanel, LazyStackVariablesPanel, variablesSettingsSections } from '@terrace/variables/feature';
import { vcsSettingsSections } from '@terrace/vcs/feature';
import { runnersSettingsSections } from '@terrace/runners/feature';
import { LazyNamespaceDependencyGraph, LazyStackDependenciesTab, templatesPages } from '@terrace/templates/feature';
import { discoveryPages } from '@terrace/discovery/feature';
import { upcomingSettingsSections } from './upcoming-settings-sections';

/**
 * Every feature's pages by route id, and the organization settings sections every domain
 * contributes. A new domain adds its pages (and sections) here; an unknown id or a route claimed
 * twice fails at start and in this file's test.
 */
export function consolePages() {
  const settingsSections = composeSettingsSections(organizationSettingsSections, vcsSettingsSections, variablesSettingsSections, runnersSettingsSections, upcomingSettingsSections);
  return composePages(
    organizationPages({ settingsSections }),
    namespacesPagesWith({ stacksPanel: LazyStackList, variablesPanel: LazyNamespaceVariablesPanel, dependenciesPanel: LazyNamespaceDependencyGraph }),
    stacksPagesWith({
      panels: { variables: LazyStackVariablesPanel, runs: LazyStackRunsTab, drift: LazyStackDriftTab, dependencies: LazyStackDependenciesTab },
      actions: LazyStackRunActions,
    }),
    dashboardPages,
    runsPages,
    policiesPages,
    driftPages,
    templatesPages,
    discoveryPages,
  );
}
