import type { AppPages, PageHeading } from '@terrace/session';
import { createContext, useContext } from 'react';
import { useActiveRouteId } from '../layout/use-active-route';

/** The pages `ConsoleRoutes` renders, for what the layout draws before they have loaded. */
export const ConsolePagesContext = createContext<AppPages>({});

/** The fixed header of the page being shown (`lazyPage`'s heading), if its page declares one. */
export function useActivePageHeading(): PageHeading | undefined {
  const pages = useContext(ConsolePagesContext);
  const routeId = useActiveRouteId();
  return routeId ? pages[routeId]?.heading : undefined;
}
