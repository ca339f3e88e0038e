import { appRoutes } from '@terrace/session';
import { describe, expect, it } from 'vitest';
import { consolePages } from './console-pages';

describe('consolePages', () => {
  it('composes every feature’s pages under route ids of the route table', () => {
    const pages = consolePages();
    expect(Object.keys(pages).sort()).toEqual(
      ['activeRuns', 'cloneStackWizard', 'controlPolicies', 'controlPolicyGroup', 'createBlueprintWizard', 'createControlPolicyGroupWizard', 'createControlPolicyWizard', 'createNamespaceWizard', 'createStackDiscoveryWizard', 'createStackFromBlueprintWizard', 'createStackFromTemplateWizard', 'createStackWizard', 'createTemplateWizard', 'dashboard', 'deployment', 'driftCenter', 'editBlueprintWizard', 'editControlPolicyGroupWizard', 'editControlPolicyWizard', 'editNamespaceWizard', 'editStackDiscoveryWizard', 'editStackWizard', 'editTemplateWizard', 'namespace', 'namespaces', 'organizationSetting', 'plan', 'policyViolations', 'remoteRun', 'stack', 'stackDiscoveries', 'stackDiscovery', 'task', 'team', 'template', 'templates', 'terraformLogin', 'userSetting'].sort(),
    );
    for (const id of Object.keys(pages)) expect(Object.hasOwn(appRoutes, id)).toBe(true);
  });
});
