import { appBase, appRouteIds, appRoutes, authBase, type AppPages, type AppRouteId, type LazyPage } from '@terrace/session';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './require-auth';
import { RouteGuard } from './route-guard';
import { DefaultHomeRedirect } from './default-home-redirect';
import { RouteErrorPage } from '../pages/route-error-page';
import { FullPageLoader } from '@terrace/design-system';

export interface ConsoleRoutesOptions {
  /**
   * The pages the feature libraries provide, by route id (`composePages`); routes without one
   * show the "not available yet" page. An id the route table does not know is an error.
   */
  pages?: AppPages;
}

function notAvailable(routeId: AppRouteId): LazyPage {
  return async () => {
    const { NotAvailablePage } = await import('../pages/not-available-page');
    const area = appRoutes[routeId].area;
    return { Component: () => <NotAvailablePage area={area} /> };
  };
}

const authPages: { path: string; load: LazyPage }[] = [
  { path: 'login', load: () => import('../../auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: 'login-1', load: () => import('../../auth/login-page').then((m) => ({ Component: m.LoginPage })) },
  { path: 'login/sso', load: () => import('../../auth/sso-login-page').then((m) => ({ Component: m.SsoLoginPage })) },
  { path: 'ssoLogin', load: () => import('../../auth/sso-login-page').then((m) => ({ Component: m.SsoLoginPage })) },
  { path: 'ssoBadLogin', load: () => import('../../auth/sso-bad-login-page').then((m) => ({ Component: m.SsoBadLoginPage })) },
  {
    path: 'ssoChooseLogin',
    load: () => import('../../auth/session-picker-page').then((m) => ({ Component: m.SessionPickerPage })),
  },
  { path: 'signup', load: () => import('../../auth/sign-up-page').then((m) => ({ Component: m.SignUpPage })) },
  {
    path: 'awsMarketplaceRegister',
    load: () => import('../../auth/marketplace-register-page').then((m) => ({ Component: m.AwsMarketplaceRegisterPage })),
  },
  {
    path: 'postAwsMarketplaceRegistration',
    load: () => import('../../auth/post-registration-page').then((m) => ({ Component: m.PostAwsMarketplaceRegistrationPage })),
  },
  {
    path: 'azureMarketplaceRegister',
    load: () => import('../../auth/marketplace-register-page').then((m) => ({ Component: m.AzureMarketplaceRegisterPage })),
  },
  {
    path: 'postAzureMarketplaceRegistration',
    load: () =>
      import('../../auth/post-registration-page').then((m) => ({ Component: m.PostAzureMarketplaceRegistrationPage })),
  },
  {
    path: 'acceptInvite/:invitationToken',
    load: () => import('../../auth/accept-invite-page').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    path: 'acceptInviteExistingUser/:invitationToken',
    load: () => import('../../auth/accept-invite-page').then((m) => ({ Component: m.AcceptInviteExistingUserPage })),
  },
  {
    path: 'recoverPassword',
    load: () => import('../../auth/recover-password-page').then((m) => ({ Component: m.RecoverPasswordPage })),
  },
  {
    path: 'resetPassword/:resetToken',
    load: () => import('../../auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'confirmMfa/:confirmationToken',
    load: () => import('../../auth/confirm-mfa-page').then((m) => ({ Component: m.ConfirmMfaPage })),
  },
];

/**
 * The console's whole route tree (spec §2): root → /app; /auth with its sign-in flows and a
 * catch-all back to sign-in; /app behind authentication, the layout, and one access guard per
 * route. Every page, the not-available page included, is loaded on demand.
 */
export function createConsoleRoutes(options: ConsoleRoutesOptions = {}): RouteObject[] {
  const pages: AppPages = options.pages ?? {};
  const unknown = Object.keys(pages).filter((id) => !Object.hasOwn(appRoutes, id));
  if (unknown.length > 0) throw new Error(`Pages for unknown route ids: ${unknown.join(', ')} (libs/session/src/lib/app-routes.ts).`);
  return [
    { path: '/', element: <Navigate to={appBase} replace /> },
    {
      path: authBase,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      lazy: () => import('../../auth/auth-layout').then((m) => ({ Component: m.AuthLayout })),
      children: [
        { index: true, element: <Navigate to={`${authBase}/login`} replace /> },
        ...authPages.map(({ path, load }) => ({ path, lazy: load })),
        { path: '*', element: <Navigate to={`${authBase}/login`} replace /> },
      ],
    },
    {
      path: appBase,
      element: <RequireAuth />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          lazy: () => import('../layout/app-layout').then((m) => ({ Component: m.AppLayout })),
          children: [
            { index: true, element: <DefaultHomeRedirect /> },
            ...appRouteIds.map(
              (id): RouteObject => ({
                path: appRoutes[id].path,
                element: <RouteGuard routeId={id} />,
                handle: { routeId: id },
                errorElement: <RouteErrorPage />,
                children: [{ index: true, lazy: pages[id] ?? notAvailable(id) }],
              }),
            ),
            { path: '*', lazy: () => import('../pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to={appBase} replace /> },
  ];
}
