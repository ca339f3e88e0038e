import { envelope, handle } from '@terrace/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppPages } from '@terrace/session';
import { renderConsole, server, sessionHandlers } from '../../testing/console-fixture';
import { createConsoleRoutes } from './create-console-routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('console routes and guards', () => {
  it('sends a signed-out visitor to sign-in with the path and query as redirect target', async () => {
    const { router } = renderConsole({ path: '/app/stack/stk-1?tab=resources', signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fapp%2Fstack%2Fstk-1%3Ftab%3Dresources');
    expect(await screen.findByRole('heading', { name: 'Sign in to Terrace' })).toBeInTheDocument();
  });

  it('redirects the root to /app and a signed-out visitor there to sign-in without a redirect', async () => {
    const { router } = renderConsole({ path: '/', signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fapp');
  });

  it('refuses a page under a route id the route table does not know, rather than skipping it', () => {
    const page = async () => ({ Component: () => null });
    expect(() => createConsoleRoutes({ pages: { namespacez: page } as AppPages })).toThrow('Pages for unknown route ids: namespacez');
    expect(() => createConsoleRoutes({ pages: { namespaces: page } })).not.toThrow();
  });

  it('sends unknown sign-in paths to /auth/login', async () => {
    const { router } = renderConsole({ path: '/auth/nowhere', signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it.each([
    [{ role: 'admin' }, '/app/dashboard'],
    [{ role: 'nsOnly' }, '/app/namespaces'],
    [{ role: 'admin', organizationType: 'management' as const }, '/app/organization/setting'],
  ])('opens the default home page of %o at %s', async (who, home) => {
    server.use(...sessionHandlers(who));
    const { router } = renderConsole({ path: '/app' });
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('logs a warning and still renders when the default home page is not allowed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(...sessionHandlers({ role: 'member', organizationType: 'management' }));
    const { router } = renderConsole({ path: '/app' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/organization/setting'));
    expect(await screen.findByTestId('not-available-title')).toHaveTextContent('Organization Settings');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Default home page 'organizationSetting'"));
    warn.mockRestore();
  });

  it('turns a namespace-only user away from the dashboard to the namespaces page', async () => {
    server.use(...sessionHandlers({ role: 'deployer' }));
    const { router } = renderConsole({ path: '/app/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/namespaces'));
  });

  it('lets a namespace-only user open a stack page', async () => {
    server.use(...sessionHandlers({ role: 'nsOnly' }));
    renderConsole({ path: '/app/stack/stk-1' });
    expect(await screen.findByTestId('not-available-title')).toHaveTextContent('Stacks and Runs');
  });

  it('keeps members away from disaster recovery', async () => {
    server.use(...sessionHandlers({ role: 'member' }));
    const { router } = renderConsole({ path: '/app/disasterRecovery' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  // The wizards end in a call only admins may make (the shared access model): viewers and members
  // are refused the page with the reason, instead of filling five steps for a 403.
  it.each(['viewer', 'member'])('refuses the namespace create and edit wizards to a %s, with the reason', async (role) => {
    for (const path of ['/app/createNamespaceWizard', '/app/editNamespaceWizard/ns-1']) {
      server.use(...sessionHandlers({ role }));
      const { router, unmount } = renderConsole({ path });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/app/dashboard'));
      expect(await screen.findByText('Your role does not allow this. Ask an organization admin.')).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the upgrade page without the capability and records a free-trial request', async () => {
    let event: unknown;
    server.use(
      ...sessionHandlers({ role: 'admin', capabilities: { disasterRecovery: false, aiAgent: false } }),
      handle('post', '/console/event', ({ body }) => {
        event = body;
        return envelope([{}]);
      }),
    );
    renderConsole({ path: '/app/disasterRecovery' });
    expect(await screen.findByRole('heading', { name: 'Upgrade Your subscription to access this feature' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '30-Day free trial' }));
    expect(await screen.findByRole('heading', { name: 'Our team will be in touch soon' })).toBeInTheDocument();
    expect(event).toMatchObject({ entity: { title: expect.any(String), message: expect.stringContaining('disasterRecovery') } });
  });

  it('opens the Terraform Cloud migration page only for allowed organizations', async () => {
    server.use(...sessionHandlers({ organizationId: 'o-tfc1' }));
    renderConsole({ path: '/app/terraformCloudMigration', organizationAllowList: ['o-tfc1'] });
    expect(await screen.findByTestId('not-available-title')).toHaveTextContent('Terraform Cloud Migration');
  });

  it('turns other organizations away from the Terraform Cloud migration page', async () => {
    server.use(...sessionHandlers({ organizationId: 'o-other' }));
    const { router } = renderConsole({ path: '/app/terraformCloudMigration', organizationAllowList: ['o-tfc1'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });
});

describe('after a sign-out', () => {
  it('sends the visitor to the sign-out target once, then to sign-in with a redirect again', async () => {
    localStorage.setItem('signOutTarget', '/auth/login');
    const { router } = renderConsole({ path: '/app/audit', signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(localStorage.getItem('signOutTarget')).toBeNull());
    await router.navigate('/app/audit?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?redirect=%2Fapp%2Faudit%3Fpage%3D2'));
  });
});

describe('loading and failing pages', () => {
  it('shows the not-found page for an unknown /app path, inside the layout', async () => {
    server.use(...sessionHandlers());
    renderConsole({ path: '/app/nowhere' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/not found/i);
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });

  it('keeps the page being left on screen, without the loader, until the next page has loaded', async () => {
    server.use(...sessionHandlers());
    let loadStacks: (page: { Component: () => React.ReactElement }) => void = () => undefined;
    const { router } = renderConsole({
      path: '/app/namespaces',
      pages: {
        namespaces: async () => ({ Component: () => <h1>Namespaces page</h1> }),
        createStackWizard: () => new Promise((resolve) => (loadStacks = resolve)),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Namespaces page' })).toBeInTheDocument();
    const navigation = router.navigate('/app/createStackWizard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Namespaces page' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /loading/i })).not.toBeInTheDocument();
    loadStacks({ Component: () => <h1>Stacks page</h1> });
    await navigation;
    expect(await screen.findByRole('heading', { name: 'Stacks page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/createStackWizard');
  });

  it('shows the error page in place of a page that throws, inside the layout, until the next navigation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...sessionHandlers());
    const { router } = renderConsole({
      path: '/app/namespaces',
      pages: {
        namespaces: async () => ({
          Component: () => {
            throw new Error('broken page');
          },
        }),
        createStackWizard: async () => ({ Component: () => <h1>Stacks page</h1> }),
      },
    });
    expect(await screen.findByText('This page could not be shown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    await router.navigate('/app/createStackWizard');
    expect(await screen.findByRole('heading', { name: 'Stacks page' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('shows the error page when a page module fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...sessionHandlers());
    renderConsole({ path: '/app/namespaces', pages: { namespaces: () => Promise.reject(new Error('chunk failed')) } });
    expect(await screen.findByText('This page could not be shown')).toBeInTheDocument();
    error.mockRestore();
  });
});
