import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, renderConsole, server, sessionHandlers } from '../testing/console-fixture';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function session(token: string) {
  const user = currentUser();
  return envelope([{ token, user, organization: user.organization }]);
}

describe('sign-in flows', () => {
  it('validates the form before calling the server', async () => {
    renderConsole({ path: '/auth/login', signedIn: false });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('signs in, stores the session and returns to the redirect target', async () => {
    let sent: unknown;
    server.use(
      handle('post', '/auth/signIn', ({ body }) => {
        sent = body;
        return session('tsn_new');
      }),
      ...sessionHandlers(),
    );
    const { router } = renderConsole({ path: '/auth/login?redirect=%2Fapp%2Faudit%3Fpage%3D2', signedIn: false });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/audit'));
    expect(router.state.location.search).toBe('?page=2');
    expect(sent).toEqual({ entity: { email: 'ada@example.com', password: 'Passw0rd!' } });
    expect(localStorage.getItem('auth_token')).toBe('tsn_new');
    expect(JSON.parse(localStorage.getItem('organization') ?? '{}')).toMatchObject({ id: 'o-acme1', name: 'Acme Cloud' });
  });

  it('shows the server message when the credentials are wrong', async () => {
    server.use(handle('post', '/auth/signIn', () => errorResponse(400, 'bad_request', 'Wrong e-mail or password')));
    renderConsole({ path: '/auth/login', signedIn: false });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('asks for the MFA code when the organization requires it', async () => {
    let mfa: unknown;
    server.use(
      handle('post', '/auth/signIn', () =>
        HttpResponse.json({ request: { id: 'r' }, response: { items: [{ waitingMfaPotentialSessionId: 'mps-1' }], errors: [] } }),
      ),
      http.post('*/auth/signInWithMfaPotentialSession', async ({ request }) => {
        mfa = await request.json();
        return HttpResponse.json(session('tsn_mfa'));
      }),
      ...sessionHandlers(),
    );
    const { router } = renderConsole({ path: '/auth/login', signedIn: false });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(mfa).toEqual({ entity: { waitingMfaPotentialSessionId: 'mps-1', mfaCode: '123456' } });
  });

  it('signs up an organization with matching passwords only', async () => {
    let sent: unknown;
    server.use(
      handle('post', '/auth/signUp', ({ body }) => {
        sent = body;
        return session('tsn_signup');
      }),
      ...sessionHandlers(),
    );
    const { router } = renderConsole({ path: '/auth/signup', signedIn: false });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/Work e-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Organization/), 'Acme Cloud');
    await user.type(screen.getByLabelText(/^Password/), 'Passw0rd1');
    await user.type(screen.getByLabelText(/Confirm password/), 'Passw0rd2');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'Passw0rd1');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(sent).toEqual({
      entity: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', organizationName: 'Acme Cloud', password: 'Passw0rd1' },
    });
  });

  it('activates an Azure Marketplace subscription from the landing token, signs the new admin in and says how to set a password', async () => {
    let query: string | null = null;
    server.use(
      handle('post', '/auth/azureMarketplace/registration', ({ request }) => {
        query = new URL(request.url).searchParams.get('token');
        return session('tsn_azure');
      }),
      ...sessionHandlers(),
    );
    const { router } = renderConsole({ path: '/auth/azureMarketplaceRegister?token=purchase-1', signedIn: false });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/postAzureMarketplaceRegistration'));
    expect(query).toBe('purchase-1');
    expect(localStorage.getItem('auth_token')).toBe('tsn_azure');
    expect(await screen.findByText(/registered and you are signed in/)).toBeInTheDocument();
    expect(screen.getByText(/no password yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open the console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it.each([
    ['wrongBrowser', 'started in another browser'],
    ['domainNotAllowed', 'The domain of your e-mail address'],
    ['invalidSignature', 'could not verify the answer of your identity provider'],
    ['missingEmail', 'did not send an e-mail address'],
    ['failed', 'could not match you to an organization'],
  ])('explains the SSO failure %s on the bad-login page', async (reason, text) => {
    renderConsole({ path: `/auth/ssoBadLogin?reason=${reason}`, signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('refuses to register from Azure Marketplace without the landing token', async () => {
    renderConsole({ path: '/auth/azureMarketplaceRegister', signedIn: false });
    expect(await screen.findByText(/The Azure Marketplace token is missing/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate subscription' })).toBeDisabled();
  });

  it('lists SSO sessions with search, organization filter, the current role tag and Select buttons', async () => {
    server.use(
      http.get('*/iam/org/ssoPotentialSession', () =>
        HttpResponse.json({
          request: { id: 'r' },
          response: {
            errors: [],
            items: [
              {
                currentSessionPotentialSessionId: 'sps-1',
                ssoPotentialSessions: [
                  { id: 'sps-1', orgName: 'Acme Cloud', displayOrgRole: 'admin', teams: [{ name: 'Platform' }] },
                  { id: 'sps-2', orgName: 'Beta Labs', displayOrgRole: 'viewer', teams: [] },
                  { id: 'sps-3', orgName: 'Beta Labs', displayOrgRole: 'member', teams: [{ id: 'team-9' }] },
                ],
              },
            ],
          },
        }),
      ),
    );
    renderConsole({ path: '/auth/ssoChooseLogin' });
    const user = userEvent.setup();
    const list = await screen.findByTestId('session-list');
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    expect(within(list).getByText('Current Role')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^Select/ })).toHaveLength(2);
    expect(within(list).getByText('Viewer'), 'role keys show as their labels').toBeInTheDocument();
    expect(list.className).toContain('max-h-[50vh]');

    await user.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'member');
    expect(within(list).getAllByRole('row')).toHaveLength(2);
    await user.clear(screen.getByRole('searchbox', { name: 'Search sessions' }));

    await user.click(screen.getByRole('button', { name: 'Organization' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Acme Cloud' }));
    await user.keyboard('{Escape}');
    expect(within(list).getAllByRole('row')).toHaveLength(2);
  });

  const validity = { createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-04-01T00:00:00.000Z' };
  const potentialSessions = () =>
    envelope([
      {
        currentSessionPotentialSessionId: 'ssps_alpha',
        ssoPotentialSessions: [
          { id: 'ssps_alpha', organizationId: 'o-acme1', orgName: 'Acme Cloud', displayOrgRole: 'admin', teams: [], ...validity },
          { id: 'ssps_beta', organizationId: 'o-beta2', orgName: 'Beta Labs', displayOrgRole: 'viewer', teams: [{ id: 'team-1', name: 'Platform' }], ...validity },
        ],
      },
    ]);

  it('arriving from the identity provider, signs in with the potential session, then lists the sessions and switches', async () => {
    const sent: unknown[] = [];
    let listedWith: string | null = null;
    server.use(
      handle('post', '/auth/sso/signInWithPotentialSession', ({ body }) => {
        sent.push(body);
        return session('tsn_sso_alpha');
      }),
      handle('get', '/iam/org/ssoPotentialSession', ({ request }) => {
        listedWith = request.headers.get('authorization');
        return potentialSessions();
      }),
      handle('post', '/auth/sso/switchSession', ({ body }) => {
        sent.push(body);
        return session('tsn_sso_beta');
      }),
      ...sessionHandlers(),
    );
    const { router } = renderConsole({ path: '/auth/ssoChooseLogin?ssoPotentialSessionId=ssps_alpha', signedIn: false });
    const list = await screen.findByTestId('session-list');
    expect(sent).toEqual([{ entity: { ssoPotentialSessionId: 'ssps_alpha' } }]);
    expect(localStorage.getItem('auth_token')).toBe('tsn_sso_alpha');
    expect(listedWith).toBe('Bearer tsn_sso_alpha');
    expect(router.state.location.pathname).toBe('/auth/ssoChooseLogin');
    expect(router.state.location.search, 'the used-up id leaves the URL').toBe('');
    expect(within(list).getByRole('row', { name: /Acme Cloud/ })).toHaveTextContent('Current Role');

    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Select Beta Labs as Viewer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(sent[1]).toEqual({ entity: { ssoPotentialSessionId: 'ssps_beta' } });
    expect(localStorage.getItem('auth_token')).toBe('tsn_sso_beta');
  });

  it('sends an invalid or expired potential session to the bad-login page with a clear message', async () => {
    server.use(
      handle('post', '/auth/sso/signInWithPotentialSession', () =>
        errorResponse(400, 'bad_request', 'The single sign-on session is invalid, already used or expired; sign in again'),
      ),
    );
    const { router } = renderConsole({ path: '/auth/ssoChooseLogin?ssoPotentialSessionId=ssps_gone', signedIn: false });
    expect(await screen.findByText('This single sign-on session is invalid, already used or expired. Sign in with single sign-on again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/ssoBadLogin');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Try single sign-on again' })).toHaveAttribute('href', '/auth/login/sso');
  });

  it('without a potential session and signed out, the picker sends the visitor to single sign-on', async () => {
    const { router } = renderConsole({ path: '/auth/ssoChooseLogin', signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/sso'));
  });
});
