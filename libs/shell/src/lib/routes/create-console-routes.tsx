import {
  appBase,
  appRouteIds,
  appRoutes,
  authBase,
  type AppPages,
  type AppRouteId,
  type LazyPage,
} from '@terrace/session';
import { FullPageLoader } from '@terrace/design-system';
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { DefaultHomeRedirect } from './default-home-redirect';
import { ConsolePagesContext } from './page-headings';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteGuard } from './route-guard';

export interface ConsoleRoutesOptions {
  /**
   * The pages the feature libraries provide, by route id (`composePages`); routes without one
   * show the "not available yet" page. An id the route table does not know is an error.
   */
  pages?: AppPages;
}

/** The route's element in its own error boundary (an error below shows the error page in its place). */
function withErrorBoundary(
  route: Pick<RouteObject, 'element' | 'handle'>,
): Pick<RouteObject, 'element' | 'handle'> {
  return { ...route, element: <RouteErrorBoundary>{route.element}</RouteErrorBoundary> };
}

function notAvailable(routeId: AppRouteId): LazyPage {
  return async () => {
    const { NotAvailablePage } = await import('../pages/not-available-page');
    const area = appRoutes[routeId].area;
    return { Component: () => <NotAvailablePage area={area} /> };
  };
}

/** How `ConsoleRoutes` starts loading the modules of the routes a location matches. */
interface LazyRouteHandle {
  preload: () => Promise<void>;
}

/**
 * A route whose component loads on demand. Its module starts loading as soon as a location
 * matches the route (`ConsoleRoutes`), not when the level above first renders it: the app layout
 * renders its page only once the session is known, by which time the page's chunk is usually in,
 * so the page renders at once instead of suspending outside a transition (which would replace
 * the layout with the full-page loader).
 */
function lazyRoute(load: LazyPage): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: { default: ComponentType } | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = { default: module.Component };
    }));
  // React.lazy reads its module from a thenable; one that calls back at once (a Promise would a
  // tick later) makes a module already loaded render without suspending.
  const alreadyLoaded = (module: { default: ComponentType }) => ({
    then: (resolve: (value: typeof module) => void) => resolve(module),
  });
  const Route = lazy(
    () =>
      (loaded
        ? alreadyLoaded(loaded)
        : preload().then(() => loaded as { default: ComponentType })) as Promise<{
        default: ComponentType;
      }>,
  );
  return { element: <Route />, handle: { preload } satisfies LazyRouteHandle };
}

const authPages: { path: string; load: LazyPage }[] = [
  {
    path: 'login',
    load: () => import('../../auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'login-1',
    load: () => import('../../auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'login/sso',
    load: () => import('../../auth/sso-login-page').then((m) => ({ Component: m.SsoLoginPage })),
  },
  {
    path: 'ssoLogin',
    load: () => import('../../auth/sso-login-page').then((m) => ({ Component: m.SsoLoginPage })),
  },
  {
    path: 'ssoBadLogin',
    load: () =>
      import('../../auth/sso-bad-login-page').then((m) => ({ Component: m.SsoBadLoginPage })),
  },
  {
    path: 'ssoChooseLogin',
    load: () =>
      import('../../auth/session-picker-page').then((m) => ({ Component: m.SessionPickerPage })),
  },
  {
    path: 'signup',
    load: () => import('../../auth/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
  },
  {
    path: 'awsMarketplaceRegister',
    load: () =>
      import('../../auth/marketplace-register-page').then((m) => ({
        Component: m.AwsMarketplaceRegisterPage,
      })),
  },
  {
    path: 'postAwsMarketplaceRegistration',
    load: () =>
      import('../../auth/post-registration-page').then((m) => ({
        Component: m.PostAwsMarketplaceRegistrationPage,
      })),
  },
  {
    path: 'azureMarketplaceRegister',
    load: () =>
      import('../../auth/marketplace-register-page').then((m) => ({
        Component: m.AzureMarketplaceRegisterPage,
      })),
  },
  {
    path: 'postAzureMarketplaceRegistration',
    load: () =>
      import('../../auth/post-registration-page').then((m) => ({
        Component: m.PostAzureMarketplaceRegistrationPage,
      })),
  },
  {
    path: 'acceptInvite/:invitationToken',
    load: () =>
      import('../../auth/accept-invite-page').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    path: 'acceptInviteExistingUser/:invitationToken',
    load: () =>
      import('../../auth/accept-invite-page').then((m) => ({
        Component: m.AcceptInviteExistingUserPage,
      })),
  },
  {
    path: 'recoverPassword',
    load: () =>
      import('../../auth/recover-password-page').then((m) => ({
        Component: m.RecoverPasswordPage,
      })),
  },
  {
    path: 'resetPassword/:resetToken',
    load: () =>
      import('../../auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'confirmMfa/:confirmationToken',
    load: () =>
      import('../../auth/confirm-mfa-page').then((m) => ({ Component: m.ConfirmMfaPage })),
  },
];

/**
 * The console's whole route tree (spec §2): root → /app; /auth with its sign-in flows and a
 * catch-all back to sign-in; /app behind authentication, the layout, and one access guard per
 * route. Every page, the not-available page included, is loaded on demand. An error boundary at
 * /auth, /app and each /app route shows the error page in place of the level that failed.
 */
export function createConsoleRoutes(options: ConsoleRoutesOptions = {}): RouteObject[] {
  const pages: AppPages = options.pages ?? {};
  const unknown = Object.keys(pages).filter((id) => !Object.hasOwn(appRoutes, id));
  if (unknown.length > 0)
    throw new Error(
      `Pages for unknown route ids: ${unknown.join(', ')} (libs/session/src/lib/app-routes.ts).`,
    );
  return [
    { path: '/', element: <Navigate to={appBase} replace /> },
    {
      path: authBase,
      ...withErrorBoundary(
        lazyRoute(() =>
          import('../../auth/auth-layout').then((m) => ({ Component: m.AuthLayout })),
        ),
      ),
      children: [
        { index: true, element: <Navigate to={`${authBase}/login`} replace /> },
        ...authPages.map(({ path, load }) => ({ path, ...lazyRoute(load) })),
        { path: '*', element: <Navigate to={`${authBase}/login`} replace /> },
      ],
    },
    {
      path: appBase,
      element: (
        <RouteErrorBoundary>
          <RequireAuth />
        </RouteErrorBoundary>
      ),
      children: [
        {
          ...lazyRoute(() =>
            import('../layout/app-layout').then((m) => ({ Component: m.AppLayout })),
          ),
          children: [
            { index: true, element: <DefaultHomeRedirect /> },
            ...appRouteIds.map((id): RouteObject => ({
              path: appRoutes[id].path,
              element: (
                <RouteErrorBoundary>
                  <RouteGuard routeId={id} />
                </RouteErrorBoundary>
              ),
              children: [{ index: true, ...lazyRoute(pages[id] ?? notAvailable(id)) }],
            })),
            {
              path: '*',
              ...lazyRoute(() =>
                import('../pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
              ),
            },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to={appBase} replace /> },
  ];
}

const noPages: AppPages = {};
const routeTrees = new WeakMap<AppPages, RouteObject[]>();

/** One route tree per set of pages, so what `preloadConsoleRoutes` loads is what `ConsoleRoutes` renders. */
function routeTreeOf(pages: AppPages = noPages): RouteObject[] {
  let routes = routeTrees.get(pages);
  if (!routes) routeTrees.set(pages, (routes = createConsoleRoutes({ pages })));
  return routes;
}

/**
 * Loads the modules of every route `location` matches: `ConsoleRoutes` then renders them at
 * once, without suspending (the console's first render waits for this, so it replaces the page's
 * HTML with the page itself, not with the loader; the build's prerender renders them on the server).
 */
export async function preloadConsoleRoutes(
  location: { pathname: string },
  pages?: AppPages,
): Promise<void> {
  const matches = matchRoutes(routeTreeOf(pages), location) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.handle as LazyRouteHandle | undefined)?.preload()),
  );
}

/**
 * The console's routes in the router around them (`BrowserRouter`, `MemoryRouter` in tests).
 * Pages load with `React.lazy`: the first render shows the full-page loader until its chunks
 * are in; a navigation (the router updates its location in a transition) keeps the page being
 * left on screen until the next one has loaded, never flashing the loader.
 */
export function ConsoleRoutes({ pages }: ConsoleRoutesOptions) {
  const routes = useMemo(() => routeTreeOf(pages), [pages]);
  const location = useLocation();
  // A failed load is shown where the route renders (its error boundary), not here.
  for (const { route } of matchRoutes(routes, location) ?? [])
    (route.handle as LazyRouteHandle | undefined)?.preload().catch(() => undefined);
  const element = useRoutes(routes);
  return (
    <ConsolePagesContext.Provider value={pages ?? noPages}>
      <Suspense fallback={<FullPageLoader />}>{element}</Suspense>
    </ConsolePagesContext.Provider>
  );
}
