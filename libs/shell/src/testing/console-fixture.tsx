import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient, type components } from '@terrace/api-client';
import { envelope, handle } from '@terrace/api-client/testing';
import { toast } from '@terrace/design-system';
import { i18n } from '@terrace/i18n';
import { ApiClientProvider, clearSession, configureAccess, readToken, type AppPages } from '@terrace/session';
import { testRouter } from '@terrace/session/testing';
import { render } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { ConsoleProviders } from '../lib/console-providers';
import { ConsoleRoutes } from '../lib/routes/create-console-routes';

type CurrentUser = components['schemas']['CurrentUser'];

export const server = setupServer();

export interface Who {
  role?: string;
  organizationType?: 'regular' | 'management';
  organizationId?: string;
  capabilities?: { disasterRecovery: boolean; aiAgent: boolean };
  userType?: 'directUser' | 'ssoUser';
  pricingPlan?: 'freeTrial' | 'basic' | 'pro' | 'enterprise';
  freeTrialExpiration?: string | null;
  teams?: { id: string; name: string }[];
  /** The organization configuration's AI features; none configured when absent. */
  aiFeatures?: { enabled: boolean; consented: boolean };
}

export function currentUser(who: Who = {}): CurrentUser {
  return {
    id: 'usr-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: who.userType ?? 'directUser',
    orgRole: who.role ?? 'admin',
    orgUserRole: who.role ?? 'admin',
    customRoleId: null,
    teams: who.teams ?? [],
    mfaEnabled: false,
    organization: {
      id: who.organizationId ?? 'o-acme1',
      name: 'Acme Cloud',
      type: who.organizationType ?? 'regular',
      pricingPlan: who.pricingPlan ?? 'pro',
      freeTrialExpiration: who.freeTrialExpiration ?? null,
    },
  };
}

/** Contract-typed answers of the calls the shell makes for a signed-in user. */
export function sessionHandlers(who: Who = {}): HttpHandler[] {
  const user = currentUser(who);
  return [
    handle('get', '/auth/me', () => envelope([user])),
    handle('get', '/iam/org/userOrgRole', () =>
      envelope([
        { orgRole: user.orgRole, orgUserRole: user.orgRole, customRoleId: null, customRole: null, organizationId: user.organization.id, teams: user.teams },
      ]),
    ),
    handle('get', '/org/capabilities', () =>
      envelope([{ capabilities: who.capabilities ?? { disasterRecovery: true, aiAgent: true } }]),
    ),
    handle('get', '/org/signInSettings', () => envelope([{ requireSsoSignIn: true, requireMfaForDirectUserSignIn: true }])),
    handle('get', '/iam/org/user', () => envelope([])),
    handle('get', '/notifications/feed', () => envelope([])),
    handle('get', '/org/configuration', () =>
      envelope(
        who.aiFeatures
          ? [{ organizationId: user.organization.id, aiFeaturesConfiguration: who.aiFeatures, updatedAt: '2026-01-01T00:00:00.000Z' }]
          : [],
      ),
    ),
  ];
}

export interface RenderOptions {
  path: string;
  signedIn?: boolean;
  organizationAllowList?: string[];
  /** Pages by route id; without, every /app route shows the "not available yet" page. */
  pages?: AppPages;
}

/**
 * Renders the whole console route tree in memory, on the real API client from the one provider,
 * against MSW handlers typed from the contract.
 */
export function renderConsole({ path, signedIn = true, organizationAllowList = [], pages }: RenderOptions) {
  configureAccess({ organizationAllowList });
  if (signedIn) localStorage.setItem('auth_token', 'tsn_test');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { router, Probe } = testRouter();
  const client = createApiClient({
    baseUrl: 'http://localhost/api',
    getToken: readToken,
    onUnauthorized: () => clearSession(),
    notify: ({ title }) => toast.error(i18n._(title)),
    navigate: {
      location: () => ({ pathname: router.state.location.pathname, search: router.state.location.search }),
      go: (to) => void router.navigate(to),
    },
    authFailureDelayMs: 0,
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <ConsoleProviders>
          <MemoryRouter initialEntries={[path]}>
            <Probe />
            <ConsoleRoutes pages={pages} />
          </MemoryRouter>
        </ConsoleProviders>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
