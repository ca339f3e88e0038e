import { act } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/** What a test reads of and does with the router a page renders in (the console's declarative router). */
export interface TestRouter {
  /** The location of the last committed render (what the user sees). */
  readonly state: { readonly location: Location };
  /** Navigates as a link would, inside `act`, so the new route has rendered when it resolves. */
  navigate(to: To, options?: NavigateOptions): Promise<void>;
}

/**
 * A handle on a `MemoryRouter` for tests: render `<Probe />` inside the router; `router` then reads
 * its location and navigates in it.
 */
export function testRouter(): { router: TestRouter; Probe: () => null } {
  let location: Location | null = null;
  let navigateTo: NavigateFunction | null = null;
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('testRouter: the Probe has not rendered inside the router yet');
      return { location };
    },
    async navigate(to, options) {
      if (!navigateTo) throw new Error('testRouter: the Probe has not rendered inside the router yet');
      const go = navigateTo;
      await act(async () => {
        await go(to, options);
      });
    },
  };
  function Probe() {
    const current = useLocation();
    const navigate = useNavigate();
    // At commit: a navigation whose page is still loading has not changed what is shown.
    useLayoutEffect(() => {
      location = current;
      navigateTo = navigate;
    }, [current, navigate]);
    return null;
  }
  return { router, Probe };
}
