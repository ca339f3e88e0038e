import { lazyPage, type AppPages } from '@terrace/session';
import { createElement } from 'react';
import type { NamespaceStacksPanel, NamespaceVariablesPanel } from './namespace-details-page';
import { namespaceListHeading } from './namespace-list-heading';

/** The namespaces pages by route id (spec §2.2); the app composes them under the route table's guards. */
export const namespacesPages = {
  namespaces: lazyPage(() => import('./namespace-list-page').then((m) => m.NamespaceListRoute), namespaceListHeading),
  namespace: lazyPage(() => import('./namespace-details-page').then((m) => m.NamespaceDetailsRoute)),
  createNamespaceWizard: lazyPage(() => import('./namespace-wizard-page').then((m) => m.CreateNamespaceWizardPage)),
  editNamespaceWizard: lazyPage(() => import('./namespace-wizard-page').then((m) => m.EditNamespaceWizardPage)),
} satisfies AppPages;

/**
 * The same pages, with the namespace page's tabs other domains fill, given by the app: stacks
 * (from the stacks domain) and variables (from the variables domain).
 */
export function namespacesPagesWith({
  stacksPanel,
  variablesPanel,
  dependenciesPanel,
}: {
  stacksPanel?: NamespaceStacksPanel;
  variablesPanel?: NamespaceVariablesPanel;
  dependenciesPanel?: NamespaceStacksPanel;
}) {
  return {
    ...namespacesPages,
    namespace: lazyPage(() =>
      import('./namespace-details-page').then((m) => function NamespaceRoute() {
        return createElement(m.NamespaceDetailsRoute, { stacksPanel, variablesPanel, dependenciesPanel });
      }),
    ),
  } satisfies AppPages;
}
