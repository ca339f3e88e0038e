import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AppArea } from '@terrace/session';

/** The name of each product area, as the "not available yet" page and titles show it. */
export const areaNames: Record<AppArea, MessageDescriptor> = {
  dashboards: msg`Dashboards`,
  inventory: msg`Cloud Inventory and Import`,
  modules: msg`Terraform Modules`,
  templates: msg`Self-Service Templates`,
  stacks: msg`Stacks and Runs`,
  externalRuns: msg`External and Remote Runs`,
  stackDiscovery: msg`Stack Discovery`,
  policies: msg`Policies`,
  namespaces: msg`Namespaces`,
  userSettings: msg`User Settings`,
  teams: msg`Teams`,
  organizationSettings: msg`Organization Settings`,
  accessTokens: msg`Personal Access Tokens`,
  models: msg`Models`,
  audit: msg`Audit`,
  cloudEvents: msg`Cloud Events`,
  activeRuns: msg`Active Runs`,
  docs: msg`Documentation`,
  reports: msg`Reports`,
  tfcMigration: msg`Terraform Cloud Migration`,
  stackSets: msg`Stack Sets`,
  vcs: msg`Version Control`,
  disasterRecovery: msg`Disaster Recovery`,
};
