import { appRoutes } from '@terrace/session';
import { describe, expect, it } from 'vitest';
import { consolePages } from './console-pages';

describe('consolePages', () => {
  it('composes every feature’s pages under route ids of the route table', () => {
    const pages = consolePages();
    expect(Object.keys(pages).sort()).toEqual(
      ['activeRuns', 'cloneStackWizard', 'controlPolicies', 'controlPolicyGroup', 'createControlPolicyGroupWizard', 'createControlPolicyWizard', 'createNamespaceWizard', 'createStackWizard', 'dashboard', 'deployment', 'driftCenter', 'editControlPolicyGroupWizard', 'editControlPolicyWizard', 'editNamespaceWizard', 'editStackWizard', 'namespace', 'namespaces', 'organizationSetting', 'plan', 'policyViolations', 'remoteRun', 'stack', 'task', 'team', 'terraformLogin', 'userSetting'].sort(),
    );
    for (const id of Object.keys(pages)) expect(Object.hasOwn(appRoutes, id)).toBe(true);
  });
});
