import { appRoutes } from '@terrace/session';
import { describe, expect, it } from 'vitest';
import { consolePages } from './console-pages';

describe('consolePages', () => {
  it('composes every feature’s pages under route ids of the route table', () => {
    const pages = consolePages();
    expect(Object.keys(pages).sort()).toEqual(
      ['activeRuns', 'cloneStackWizard', 'createNamespaceWizard', 'createStackWizard', 'dashboard', 'deployment', 'editNamespaceWizard', 'editStackWizard', 'namespace', 'namespaces', 'organizationSetting', 'plan', 'remoteRun', 'stack', 'task', 'team', 'terraformLogin', 'userSetting',
        // Templates, blueprints and stack discovery (issue 14).
        'templates', 'template', 'createTemplateWizard', 'editTemplateWizard', 'createBlueprintWizard', 'editBlueprintWizard', 'createStackFromTemplateWizard', 'createStackFromBlueprintWizard', 'stackDiscoveries', 'stackDiscovery', 'createStackDiscoveryWizard', 'editStackDiscoveryWizard'].sort(),
    );
    for (const id of Object.keys(pages)) expect(Object.hasOwn(appRoutes, id)).toBe(true);
  });
});
