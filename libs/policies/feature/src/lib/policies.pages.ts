import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The Policies pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const policiesPages = {
  controlPolicies: lazyPage(() => import('./control-policies-page').then((m) => m.ControlPoliciesPage)),
  controlPolicyGroup: lazyPage(() => import('./control-policy-group-page').then((m) => m.ControlPolicyGroupPage)),
  policyViolations: lazyPage(() => import('./policy-violations-page').then((m) => m.PolicyViolationsPage)),
  createControlPolicyWizard: lazyPage(() => import('./control-policy-wizard-page').then((m) => m.CreateControlPolicyWizardPage)),
  editControlPolicyWizard: lazyPage(() => import('./edit-control-policy-wizard-page').then((m) => m.EditControlPolicyWizardPage)),
  createControlPolicyGroupWizard: lazyPage(() => import('./policy-group-wizard-page').then((m) => m.CreatePolicyGroupWizardPage)),
  editControlPolicyGroupWizard: lazyPage(() => import('./edit-policy-group-wizard-page').then((m) => m.EditPolicyGroupWizardPage)),
} satisfies AppPages;
