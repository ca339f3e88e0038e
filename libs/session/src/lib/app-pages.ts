import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { appRoutes, type AppRouteId } from './app-routes';

/**
 * A page's title and description, known before its module has loaded: the app layout draws them
 * while the session loads (and the console's build prerenders them into the route's HTML), and the
 * page renders the same header (`PageHeader` first in a `Stack gap={6}` with `p-6`), so the text
 * is painted once and does not move.
 */
export interface PageHeading {
  title: MessageDescriptor;
  description?: MessageDescriptor;
}

/** A page of a domain library, loaded on demand (the shell's `ConsoleRoutes` renders it with React.lazy). */
export type LazyPage = (() => Promise<{ Component: ComponentType }>) & { heading?: PageHeading };

/**
 * The pages a feature library exports, keyed by the route ids of the route table. Declare them
 * with `satisfies AppPages`, so a misspelt or unknown id is a type error:
 *
 *     export const namespacesPages = {
 *       namespaces: lazyPage(() => import('./namespace-list-page').then((m) => m.NamespaceListRoute)),
 *     } satisfies AppPages;
 */
export type AppPages = Partial<Record<AppRouteId, LazyPage>>;

/** A page whose module loads when its route is first opened; `heading` when its header is fixed text. */
export function lazyPage(load: () => Promise<ComponentType>, heading?: PageHeading): LazyPage {
  const page: LazyPage = async () => ({ Component: await load() });
  if (heading) page.heading = heading;
  return page;
}

/**
 * The app's page table from every feature's pages. An id the route table does not know, or a
 * route two features both claim, is an error at start (and in the app's test), never skipped.
 */
export function composePages(...features: Record<string, LazyPage>[]): AppPages {
  const pages: Record<string, LazyPage> = {};
  for (const feature of features) {
    for (const [id, page] of Object.entries(feature)) {
      if (!Object.hasOwn(appRoutes, id)) throw new Error(`Page '${id}' is not a route id of the route table (libs/session/src/lib/app-routes.ts).`);
      if (pages[id]) throw new Error(`Route '${id}' has pages from two features.`);
      pages[id] = page;
    }
  }
  return pages as AppPages;
}
