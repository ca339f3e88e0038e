import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient } from '@terrace/api-client';
import { envelope, handle } from '@terrace/api-client/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from './api-client-context';
import { useAccess } from './use-access';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function signedInAs(role: string, disasterRecovery = true) {
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
      envelope([{ orgRole: role, orgUserRole: role, customRoleId: null, organizationId: organization.id, teams: [] }]),
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
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

describe('useAccess', () => {
  it('is disabled with the reason "loading" until the session is known', () => {
    signedInAs('admin');
    const { result } = renderHook(() => useAccess('audit'), { wrapper });
    expect(result.current).toEqual({ allowed: false, reason: 'loading' });
  });

  it.each([
    ['admin', 'organizationSetting', { allowed: true, reason: null }],
    ['member', 'organizationSetting', { allowed: false, reason: 'role' }],
    ['nsOnly', 'audit', { allowed: false, reason: 'namespaceOnly' }],
    ['nsOnly', 'stack', { allowed: true, reason: null }],
  ] as const)('%s → %s', async (role, routeId, expected) => {
    signedInAs(role);
    const { result } = renderHook(() => useAccess(routeId), { wrapper });
    await waitFor(() => expect(result.current).toEqual(expected));
  });

  it('gives the capability as the reason when the plan lacks it', async () => {
    signedInAs('admin', false);
    const { result } = renderHook(() => useAccess('disasterRecovery'), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ allowed: false, reason: 'capability' }));
  });

  it('takes a rule of the table shape for controls', async () => {
    signedInAs('viewer');
    const { result } = renderHook(() => useAccess({ roles: ['admin'] }), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ allowed: false, reason: 'role' }));
  });
});
