import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CustomRoleGrant } from '@terrace/domain';
import { I18nProvider, i18n } from '@terrace/i18n';
import { createApiClient } from '@terrace/api-client';
import { envelope, handle } from '@terrace/api-client/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from './api-client-context';
import { useAccess } from './use-access';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The source messages (English) stand: no catalogue is needed to read the reasons.
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function signedInAs(role: string, disasterRecovery = true, customRole: CustomRoleGrant | null = null) {
  const organization = { id: 'o-acme1', name: 'Acme', type: 'regular' as const, pricingPlan: 'pro' as const, freeTrialExpiration: null };
  server.use(
    handle('get', '/auth/me', () =>
      envelope([
        {
          id: 'usr-1',
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          userType: 'directUser' as const,
          orgRole: role,
          orgUserRole: role,
          customRoleId: null,
          teams: [],
          mfaEnabled: false,
          organization,
        },
      ]),
    ),
    handle('get', '/iam/org/userOrgRole', () =>
      envelope([
        {
          orgRole: role,
          orgUserRole: role,
          customRoleId: customRole ? role : null,
          customRole: customRole as never,
          organizationId: organization.id,
          teams: [],
        },
      ]),
    ),
    handle('get', '/org/capabilities', () => envelope([{ capabilities: { disasterRecovery, aiAgent: false } }])),
  );
}

function wrapper({ children }: { children: ReactNode }) {
  localStorage.setItem('auth_token', 'tsn_test');
  const client = createApiClient({
    baseUrl: 'http://localhost/api',
    getToken: () => localStorage.getItem('auth_token'),
    onUnauthorized: () => undefined,
    notify: () => undefined,
    navigate: { location: () => ({ pathname: '/app', search: '' }), go: () => undefined },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

const refused = (code: string, reason: string) => ({ allowed: false, code, reason });
const roleReason = 'Your role does not allow this. Ask an organization admin.';

describe('useAccess', () => {
  it('is refused with the reason "loading" until the session is known', () => {
    signedInAs('admin');
    const { result } = renderHook(() => useAccess('audit'), { wrapper });
    expect(result.current).toEqual(refused('loading', 'Checking your permissions…'));
  });

  it.each([
    ['admin', 'organizationSetting', { allowed: true }],
    ['member', 'organizationSetting', refused('role', roleReason)],
    ['nsOnly', 'audit', refused('namespaceOnly', 'Your role gives access to some namespaces only. Ask an organization admin.')],
    ['nsOnly', 'stack', { allowed: true }],
    // The wizards end in a call only admins may make: viewers and members are refused the page.
    ['viewer', 'createNamespaceWizard', refused('role', roleReason)],
    ['member', 'createNamespaceWizard', refused('role', roleReason)],
    ['member', 'editNamespaceWizard', refused('role', roleReason)],
    ['admin', 'editNamespaceWizard', { allowed: true }],
  ] as const)('%s → route %s', async (role, routeId, expected) => {
    signedInAs(role);
    const { result } = renderHook(() => useAccess(routeId), { wrapper });
    await waitFor(() => expect(result.current).toEqual(expected));
  });

  it.each([
    ['admin', 'namespace:delete', { allowed: true }],
    ['viewer', 'namespace:delete', refused('role', roleReason)],
    ['member', 'namespacePermission:manage', refused('role', roleReason)],
    ['viewer', 'team:manage', refused('role', roleReason)],
    ['deployer', 'runner:read', refused('namespaceOnly', 'Your role gives access to some namespaces only. Ask an organization admin.')],
  ] as const)('%s → permission %s', async (role, permission, expected) => {
    signedInAs(role);
    const { result } = renderHook(() => useAccess(permission), { wrapper });
    await waitFor(() => expect(result.current).toEqual(expected));
  });

  it('decides a custom organization role from the grant the server reports', async () => {
    signedInAs('cro-auditor', true, { permissions: ['audit:read', 'stack:update'], stackRestriction: 'restrictWriteToOwnStacks' });
    const audit = renderHook(() => useAccess('audit:read'), { wrapper });
    await waitFor(() => expect(audit.result.current).toEqual({ allowed: true }));
    const others = renderHook(() => useAccess({ permission: 'stack:update', namespaceId: 'ns-1', stack: { createdByActor: false } }), { wrapper });
    await waitFor(() => expect(others.result.current).toEqual(refused('ownStacks', 'Your role allows this only on stacks you created.')));
    const own = renderHook(() => useAccess({ permission: 'stack:update', namespaceId: 'ns-1', stack: { createdByActor: true } }), { wrapper });
    await waitFor(() => expect(own.result.current).toEqual({ allowed: true }));
  });

  it('gives the capability as the reason when the plan lacks it', async () => {
    signedInAs('admin', false);
    const { result } = renderHook(() => useAccess('disasterRecovery'), { wrapper });
    await waitFor(() => expect(result.current).toEqual(refused('capability', 'Your plan does not include this feature.')));
  });

  it('takes a rule of the table shape for controls', async () => {
    signedInAs('viewer');
    const { result } = renderHook(() => useAccess({ roles: ['admin'] }), { wrapper });
    await waitFor(() => expect(result.current).toEqual(refused('role', roleReason)));
  });
});
