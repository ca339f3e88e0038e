import { lazyPage, type AppPages } from '@terrace/session';

/**
 * The templates pages by route id (libs/session/src/lib/app-routes.ts); the app composes them
 * in apps/console/src/console-pages.ts, under the route table's guards.
 */
export const templatesPages = {
  templates: lazyPage(() => import('./templates-page').then((m) => m.TemplatesPage)),
  template: lazyPage(() => import('./template-page').then((m) => m.TemplatePage)),
  createTemplateWizard: lazyPage(() => import('./template-wizard-page').then((m) => m.CreateTemplateWizardPage)),
  editTemplateWizard: lazyPage(() => import('./template-edit-page').then((m) => m.EditTemplateWizardPage)),
  createBlueprintWizard: lazyPage(() => import('./blueprint-wizard-page').then((m) => m.CreateBlueprintWizardPage)),
  editBlueprintWizard: lazyPage(() => import('./blueprint-edit-page').then((m) => m.EditBlueprintWizardPage)),
  createStackFromTemplateWizard: lazyPage(() => import('./stack-from-template-page').then((m) => m.StackFromTemplatePage)),
  createStackFromBlueprintWizard: lazyPage(() => import('./stack-from-blueprint-page').then((m) => m.StackFromBlueprintPage)),
} satisfies AppPages;
