import { namespacesPagesWith } from '@terrace/namespaces/feature';
import { LazyStackList, stacksPages } from '@terrace/stacks/feature';
import { organizationPages, organizationSettingsSections } from '@terrace/organization/feature';
import { composePages, composeSettingsSections } from '@terrace/session';
import { vcsSettingsSections } from '@terrace/vcs/feature';
import { upcomingSettingsSections } from './upcoming-settings-sections';

/**
 * Every feature's pages by route id, and the organization settings sections every domain
 * contributes. A new domain adds its pages (and sections) here; an unknown id or a route claimed
 * twice fails at start and in this file's test.
 */
export function consolePages() {
  const settingsSections = composeSettingsSections(organizationSettingsSections, vcsSettingsSections, upcomingSettingsSections);
  return composePages(organizationPages({ settingsSections }), namespacesPagesWith({ stacksPanel: LazyStackList }), stacksPages);
}
