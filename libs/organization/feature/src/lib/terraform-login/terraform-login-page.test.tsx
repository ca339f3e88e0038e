import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import type { PersonalAccessToken } from '@terrace/organization/data-access';
import { screen, waitFor, within } from '@testing-library/react';
import { signedInAs } from '@terrace/session/testing';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { TerraformLoginPage, terraformLoginRequest } from './terraform-login-page';

const server = setupMsw();

function open() {
  return renderPage({
    path: 'personalAccessToken/terraformLogin',
    element: <TerraformLoginPage host="terrace.example.com" />,
    url: '/app/personalAccessToken/terraformLogin',
  });
}

describe('TerraformLoginPage', () => {
  it('names the host, creates a token in a dialog, shows it once and says where to paste it', async () => {
    const sent: unknown[] = [];
    const tokens: PersonalAccessToken[] = [];
    server.use(
      handle('get', '/iam/user/personalAccessToken', () => envelope(tokens)),
      handle('post', '/iam/user/personalAccessToken', ({ body }) => {
        sent.push(body?.entity);
        const created = organizationFixtures.personalAccessToken({ name: body?.entity.name ?? '', expiresAt: null, lastUsedAt: null });
        tokens.push(created);
        return envelope([{ ...created, token: 'tpa_secret_value' }]);
      }),
    );
    const { user } = open();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Terraform in to terrace.example.com');
    expect(screen.getByText('terraform login terrace.example.com')).toBeInTheDocument();
    expect(await screen.findByText('You have no personal access tokens.')).toBeInTheDocument();
    // The page opens on the instructions and the list; the form waits in its dialog.
    expect(screen.queryByRole('textbox', { name: /Token name/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
    const name = within(dialog).getByRole('textbox', { name: /Token name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue('terraform login');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(name).toHaveAccessibleDescription(/Enter a name/);
    expect(sent).toEqual([]);
    await user.type(name, 'laptop');
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('tpa_secret_value')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    expect(screen.getByText(/Token for terrace.example.com:/)).toBeInTheDocument();
    expect(screen.getByText(/The token does not expire/)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'laptop', expiresInDays: null }]);
    // The focus moves from the closed dialog to the new token.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your token' })).toHaveFocus());
    // No second token in this visit, so the secret is not replaced unseen.
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
    // The list shows the new token, never its value.
    const table = await screen.findByRole('table', { name: 'Your personal access tokens' });
    expect(await within(table).findByText('laptop')).toBeInTheDocument();
    expect(within(table).queryByText('tpa_secret_value')).not.toBeInTheDocument();
  });

  it('closes the dialog with Escape, giving the focus back to its button, and keeps it open when the server refuses', async () => {
    let attempts = 0;
    server.use(
      handle('get', '/iam/user/personalAccessToken', () => envelope([])),
      handle('post', '/iam/user/personalAccessToken', () => {
        attempts += 1;
        return errorResponse(400, 'validation_error', 'A token with this name already exists.', { field: 'name' });
      }),
    );
    const { user } = open();
    const button = screen.getByRole('button', { name: 'Create token' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Create a token' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Token name/ })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());

    await user.click(button);
    const again = await screen.findByRole('dialog', { name: 'Create a token' });
    const name = within(again).getByRole('textbox', { name: /Token name/ });
    await user.clear(name);
    await user.type(name, 'laptop');
    await user.click(within(again).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/already exists/));
    expect(attempts).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Create a token' })).toBeInTheDocument();
    expect(name).toHaveValue('laptop');
    expect(screen.queryByText(/shown only once/)).not.toBeInTheDocument();
  });

  it('lists the tokens and revokes one after a confirmation', async () => {
    let tokens = [
      organizationFixtures.personalAccessToken(),
      organizationFixtures.personalAccessToken({ id: 'pat-ci0001', name: 'build server', expiresAt: null, lastUsedAt: null }),
    ];
    const revoked: string[] = [];
    server.use(
      handle('get', '/iam/user/personalAccessToken', () => envelope(tokens)),
      handle('delete', '/iam/user/personalAccessToken/{personalAccessTokenId}', ({ params }) => {
        const id = params['personalAccessTokenId'] ?? '';
        revoked.push(id);
        const token = tokens.find((t) => t.id === id) as PersonalAccessToken;
        tokens = tokens.filter((t) => t.id !== id);
        return envelope([{ ...token, revokedAt: '2026-03-03T00:00:00.000Z' }]);
      }),
    );
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Your personal access tokens' });
    expect(await within(table).findByText('build server')).toBeInTheDocument();
    expect(within(table).getByText('Never used')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Revoke token build server' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Revoke token build server?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revoked).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Revoke token build server' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token build server revoked.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('build server')).not.toBeInTheDocument());
    expect(within(table).getByText('laptop')).toBeInTheDocument();
    expect(revoked).toEqual(['pat-ci0001']);
  });
});

const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** The query `terraform login` opens the page with (login.v1). */
const oauthQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: 'terraform-cli',
    redirect_uri: 'http://localhost:10002/login',
    state: 'st-8f2c',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });

describe('TerraformLoginPage with the login.v1 request', () => {
  it('shows who signs in and where Terraform waits, then sends the browser back to the CLI with the code', async () => {
    const sent: unknown[] = [];
    const redirect = vi.fn();
    server.use(
      ...signedInAs('member'),
      handle('get', '/iam/user/personalAccessToken', () => envelope([])),
      handle('post', '/oauth/authorization', ({ body }) => {
        sent.push(body?.entity);
        return envelope([{ redirectUrl: 'http://localhost:10002/login?code=c0de&state=st-8f2c' }]);
      }),
    );
    const { user } = renderPage({
      path: 'personalAccessToken/terraformLogin',
      element: <TerraformLoginPage host="terrace.example.com" redirect={redirect} />,
      url: `/app/personalAccessToken/terraformLogin?${oauthQuery().toString()}`,
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sign Terraform in to terrace.example.com');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('localhost:10002')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Token name/ });
    await user.clear(name);
    await user.type(name, 'work laptop');
    await user.click(screen.getByRole('button', { name: 'Approve and sign Terraform in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://localhost:10002/login?code=c0de&state=st-8f2c'));
    expect(sent).toEqual([
      {
        clientId: 'terraform-cli',
        redirectUri: 'http://localhost:10002/login',
        state: 'st-8f2c',
        codeChallenge: challenge,
        codeChallengeMethod: 'S256',
        tokenName: 'work laptop',
        expiresInDays: 90,
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Returning to Terraform');
  });

  it('declines without asking the server, and tells how to stop the waiting CLI', async () => {
    const redirect = vi.fn();
    server.use(...signedInAs('member'), handle('get', '/iam/user/personalAccessToken', () => envelope([])));
    const { user } = renderPage({
      path: 'personalAccessToken/terraformLogin',
      element: <TerraformLoginPage host="terrace.example.com" redirect={redirect} />,
      url: `/app/personalAccessToken/terraformLogin?${oauthQuery().toString()}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('status')).toHaveTextContent('stop it with Ctrl+C');
    // The manual flow is there instead.
    expect(screen.getByRole('button', { name: 'Create token' })).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('refuses a request that would send the code elsewhere than Terraform’s loopback listener', async () => {
    server.use(...signedInAs('member'));
    renderPage({
      path: 'personalAccessToken/terraformLogin',
      element: <TerraformLoginPage host="terrace.example.com" />,
      url: `/app/personalAccessToken/terraformLogin?${oauthQuery({ redirect_uri: 'https://evil.example/cb' }).toString()}`,
    });
    expect(await screen.findByText('This sign-in request cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and sign Terraform in' })).not.toBeInTheDocument();
  });

  it('reads the request from the query', () => {
    expect(terraformLoginRequest(new URLSearchParams())).toBeNull();
    expect(terraformLoginRequest(oauthQuery())).toEqual({
      clientId: 'terraform-cli',
      redirectUri: 'http://localhost:10002/login',
      state: 'st-8f2c',
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
    });
    const malformed: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { redirect_uri: 'http://localhost:9999/login' },
      { redirect_uri: 'http://10.0.0.5:10000/login' },
      { redirect_uri: 'not a url' },
      { state: '' },
      { response_type: 'token' },
    ];
    for (const bad of malformed) {
      expect(terraformLoginRequest(oauthQuery(bad)), JSON.stringify(bad)).toBe('invalid');
    }
    expect(terraformLoginRequest(oauthQuery({ redirect_uri: 'http://127.0.0.1:10010/login' }))).not.toBe('invalid');
  });
});
